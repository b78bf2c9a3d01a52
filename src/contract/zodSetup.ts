/**
 * Imported first by the SPA's entry (main.tsx), before any schema is built: zod's compiled fast path probes `new Function`, which the pages' CSP (no
 * 'unsafe-eval') refuses and the browser reports as a violation on every screen (issue 27: no
 * console error, CSP included). `jitless` parses the same way without the probe. Not in
 * dist/define.js: zod's core would cost its first load about 3.7 kB over its budget (the platform
 * pages' elements still probe once; issue 27 left).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
