/**
 * Imported first by each page entry (the SPA's main.tsx, the elements' define.ts), before any
 * schema is built: zod's compiled fast path probes `new Function`, which the pages' CSP (no
 * 'unsafe-eval') refuses and the browser reports as a violation on every screen (issue 27: no
 * console error, CSP included). `jitless` parses the same way without the probe.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
