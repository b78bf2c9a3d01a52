/**
 * Imported first by each page entry (the SPA's main.tsx, the elements' define.ts), before any schema
 * parses: zod's compiled fast path probes `new Function`, which the pages' CSP (no 'unsafe-eval')
 * refuses and the browser reports as a violation (issue 27: no console error, CSP included).
 * `jitless` parses the same way without the probe.
 *
 * Written to zod's shared configuration object (`globalThis.__zod_globalConfig`, which zod 4 reads,
 * or creates when absent, so that every copy of zod on a page shares one configuration) rather than
 * through `config()` from 'zod/v4/core': importing zod here would move its core into dist/define.js
 * (about 3.7 kB over that file's budget). zodSetup.test.ts checks zod still reads it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
