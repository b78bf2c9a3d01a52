/**
 * `tsx scripts/precompress.ts [dir…]` (default `dist`): brotli and gzip copies of the built front
 * end's text files, served by the API to browsers that accept them (server/src/static/precompress.ts).
 * `dist/lib/` and `dist/types/` are left alone: they are the npm library and its declarations, which
 * a host bundles itself, never files a browser downloads from us.
 */
import path from 'node:path';
import { precompressFolder } from '../server/src/static/precompress';

const notServed = new Set(['lib', 'types']);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

for (const dir of process.argv.slice(2).length ? process.argv.slice(2) : ['dist']) {
  const started = performance.now();
  const skip = (relative: string) => notServed.has(relative.split(path.sep)[0] ?? '');
  const { files, written, rawBytes, brBytes, gzipBytes } = await precompressFolder(dir, skip);
  console.log(
    `precompress ${dir}: ${files} files, ${kB(rawBytes)} → brotli ${kB(brBytes)}, gzip ${kB(gzipBytes)} ` +
      `(${written} copies written in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
