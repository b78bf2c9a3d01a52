/**
 * Brotli and gzip copies of the built front end's text files, made once at build time (issue 27):
 * `x.js.br` and `x.js.gz` beside `x.js`, which lazyStatic serves to a browser that accepts them.
 * Compressing on every request would cost the server CPU for bytes that never change, and at
 * brotli's best quality it is far too slow for that; at build time it is a few seconds for the lot.
 *
 * A copy carries its original's modification time: the server serves a copy only when its time is
 * the original's (or later), so an original rebuilt without this step is served as it is, never a
 * stale copy of the previous build.
 */
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** What is worth compressing: text. Images other than SVG, and fonts (woff2), are compressed already. */
export const compressibleFile = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/i;

export const encodings = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const compress = {
  br: (bytes: Buffer) =>
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes: Buffer) => gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

export interface PrecompressResult {
  files: number;
  written: number;
  rawBytes: number;
  brBytes: number;
  gzipBytes: number;
}

async function* walk(dir: string, skip: (relative: string) => boolean, root = dir): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skip(path.relative(root, full))) continue;
    if (entry.isDirectory()) yield* walk(full, skip, root);
    else if (entry.isFile()) yield full;
  }
}

const mtimeOf = (file: string) =>
  stat(file).then(
    (s) => s.mtimeMs,
    () => undefined,
  );

/**
 * Whether a copy's modification time says it was made from its original as it is now. Setting a
 * time keeps milliseconds only (a Date), where the file system keeps nanoseconds: 1 ms of slack.
 */
export const isFreshCopy = (copyMtimeMs: number, originalMtimeMs: number) =>
  copyMtimeMs > originalMtimeMs - 1;

/**
 * Writes the missing or outdated `.br`/`.gz` copies of every compressible file under `dir` (paths
 * relative to it for which `skip` is true are left alone, folders included) and removes copies whose
 * original is gone. A copy that would not be smaller than its original is not kept.
 */
export async function precompressFolder(
  dir: string,
  skip: (relative: string) => boolean = () => false,
): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, written: 0, rawBytes: 0, brBytes: 0, gzipBytes: 0 };
  const work: Promise<void>[] = [];
  for await (const file of walk(dir, skip)) {
    const copyOf = encodings.find((encoding) => file.endsWith(encoding.ext));
    if (copyOf) {
      const original = file.slice(0, -copyOf.ext.length);
      if (!compressibleFile.test(original) || (await mtimeOf(original)) === undefined) work.push(rm(file));
      continue;
    }
    if (!compressibleFile.test(file)) continue;
    result.files++;
    work.push(
      (async () => {
        const { mtime, mtimeMs, atime } = await stat(file);
        const bytes = await readFile(file);
        result.rawBytes += bytes.length;
        for (const encoding of encodings) {
          const target = file + encoding.ext;
          const known = await mtimeOf(target);
          if (known !== undefined && isFreshCopy(known, mtimeMs)) {
            result[encoding.name === 'br' ? 'brBytes' : 'gzipBytes'] += (await stat(target)).size;
            continue;
          }
          const packed = await compress[encoding.name](bytes);
          if (packed.length >= bytes.length) {
            await rm(target, { force: true });
            continue;
          }
          await writeFile(target, packed);
          await utimes(target, atime, mtime);
          result.written++;
          result[encoding.name === 'br' ? 'brBytes' : 'gzipBytes'] += packed.length;
        }
      })(),
    );
  }
  await Promise.all(work);
  return result;
}
