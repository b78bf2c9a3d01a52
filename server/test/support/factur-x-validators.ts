/**
 * The official Factur-X / EN 16931 checks (test/validators/factur-x-en16931, copied from
 * ../shared/validators with their licences): the Factur-X 1.09 XSD through xmllint, and the two
 * schematrons (CEN EN 16931 CII 1.3.16, Factur-X 1.09) through SaxonJS.
 *
 * SaxonJS runs a schematron compiled to a SEF (about 30 s of CPU each). The SEFs are kept compiled in
 * test/validators/compiled (gzip, 140 kB each; `npx tsx scripts/compile-schematrons.ts` writes them),
 * keyed by the stylesheet's hash and SaxonJS's version: a clean clone (CI) does not compile them at
 * every run. They are relocatable (`-relocate:on`): the Factur-X stylesheet reads its code lists from
 * its own folder, given at each transform. A stylesheet or SaxonJS that changed is compiled again,
 * once, into node_modules/.cache.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
// biome-ignore lint/suspicious/noTsIgnore: saxon-js ships no types.
// @ts-ignore
import SaxonJS from 'saxon-js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const validators = path.join(import.meta.dirname, '..', 'validators');
const dir = path.join(validators, 'factur-x-en16931');
/** The compiled SEFs kept in the repository. */
export const compiledDir = path.join(validators, 'compiled');
const cacheDir = path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'bo-factur-x');

export const schematrons = {
  en16931: 'EN16931-CII-validation.xslt',
  facturX: 'Factur-X_1.09_EN16931.xsl',
} as const;

/** The file name of a stylesheet's SEF: its content's hash and the SaxonJS that runs it. */
export function sefName(stylesheet: string): string {
  const hash = createHash('sha256')
    .update(fs.readFileSync(path.join(dir, stylesheet)))
    .update(require('saxon-js/package.json').version as string)
    .digest('hex')
    .slice(0, 16);
  return `${stylesheet}.${hash}.sef.json`;
}

/** Compiles a stylesheet into a relocatable SEF at `target` (written whole, then renamed). */
export async function compileSchematron(stylesheet: string, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.tmp`;
  await run(
    process.execPath,
    [
      require.resolve('xslt3'),
      `-xsl:${path.join(dir, stylesheet)}`,
      `-export:${partial}`,
      '-nogo',
      '-relocate:on',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  fs.renameSync(partial, target);
}

/** The SEF's JSON text: the kept one, else the cached one, else compiled now into the cache. */
async function sefText(stylesheet: string): Promise<string> {
  const name = sefName(stylesheet);
  const kept = path.join(compiledDir, `${name}.gz`);
  if (fs.existsSync(kept)) return gunzipSync(await fs.promises.readFile(kept)).toString('utf8');
  const cached = path.join(cacheDir, name);
  if (!fs.existsSync(cached)) await compileSchematron(stylesheet, cached);
  return fs.promises.readFile(cached, 'utf8');
}

/** Both schematrons read (or compiled) ahead of the first check: a file's beforeAll starts it. */
export function prepareSchematrons() {
  return Promise.all([loadedSchematron('en16931'), loadedSchematron('facturX')]);
}

const loaded = new Map<keyof typeof schematrons, Promise<unknown>>();

/**
 * A compiled schematron parsed once per test file: SaxonJS given the SEF's file name reads and
 * builds its 5 MB again on every transform (about 1 s of CPU each, four times the check itself).
 */
function loadedSchematron(name: keyof typeof schematrons): Promise<unknown> {
  let stylesheet = loaded.get(name);
  if (!stylesheet) {
    stylesheet = sefText(schematrons[name]).then((text) => JSON.parse(text));
    loaded.set(name, stylesheet);
  }
  return stylesheet;
}

export interface FailedAssert {
  id: string;
  flag: string;
  text: string;
}

/** Every failed assert of one schematron on the XML (flag `fatal` ones make the invoice invalid). */
export async function schematronFailures(
  name: keyof typeof schematrons,
  xml: string,
): Promise<FailedAssert[]> {
  const result = await SaxonJS.transform(
    {
      stylesheetInternal: await loadedSchematron(name),
      // Where the relocatable stylesheet stands: the Factur-X one reads its code lists beside it.
      stylesheetBaseURI: pathToFileURL(path.join(dir, schematrons[name])).href,
      sourceText: xml,
      destination: 'serialized',
    },
    'async',
  );
  const svrl: string = result.principalResult;
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map((m) => ({
    id: /\bid="([^"]*)"/.exec(m[1]!)?.[1] ?? '',
    // An assert without a flag is an error too.
    flag: /\bflag="([^"]*)"/.exec(m[1]!)?.[1] ?? 'fatal',
    text: m[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

/** The fatal asserts only, as "ID: text" (an empty list is a pass). */
export async function fatalAsserts(name: keyof typeof schematrons, xml: string): Promise<string[]> {
  return (await schematronFailures(name, xml))
    .filter((f) => f.flag === 'fatal')
    .map((f) => `${f.id}: ${f.text}`);
}

/** xmllint against the Factur-X EN 16931 XSD: the errors ('' when valid). */
export async function schemaErrors(xml: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-fx-')), 'factur-x.xml');
  fs.writeFileSync(file, xml);
  try {
    await run('xmllint', ['--noout', '--schema', path.join(dir, 'Factur-X_EN16931.xsd'), file]);
    return '';
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/**
 * The text pdftotext extracts (poppler-utils), pages in order: in reading order (paragraphs whole),
 * or with `layout` as laid out (a table row, label and amount, on one line).
 */
export async function pdfText(pdf: Uint8Array, { layout = false } = {}): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-fx-')), 'invoice.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
