/**
 * The official Factur-X / EN 16931 checks (test/validators/factur-x-en16931, copied from
 * ../shared/validators with their licences): the Factur-X 1.09 XSD through xmllint, and the two
 * schematrons (CEN EN 16931 CII 1.3.16, Factur-X 1.09) through SaxonJS. A schematron is compiled once
 * (about 40 s of CPU each) into node_modules/.cache, keyed by the stylesheet's hash and folder.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
// biome-ignore lint/suspicious/noTsIgnore: saxon-js ships no types.
// @ts-ignore
import SaxonJS from 'saxon-js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const dir = path.join(import.meta.dirname, '..', 'validators', 'factur-x-en16931');
const cacheDir = path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'bo-factur-x');

export const schematrons = {
  en16931: 'EN16931-CII-validation.xslt',
  facturX: 'Factur-X_1.09_EN16931.xsl',
} as const;

/** Compiles (or finds compiled) each schematron: the path of its SEF. */
async function compiled(stylesheet: string): Promise<string> {
  const source = path.join(dir, stylesheet);
  const hash = createHash('sha256')
    .update(fs.readFileSync(source))
    // The compiled Factur-X stylesheet reads its code lists by absolute path: the folder is in the key.
    .update(dir)
    .digest('hex')
    .slice(0, 16);
  const sef = path.join(cacheDir, `${stylesheet}.${hash}.sef.json`);
  if (fs.existsSync(sef)) return sef;
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = `${sef}.${process.pid}.tmp`;
  await run(process.execPath, [require.resolve('xslt3'), `-xsl:${source}`, `-export:${partial}`, '-nogo'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  fs.renameSync(partial, sef);
  return sef;
}

let sefs: Promise<Record<keyof typeof schematrons, string>> | null = null;

/** Both schematrons compiled (in parallel, once per run). */
export function prepareSchematrons() {
  sefs ??= Promise.all([compiled(schematrons.en16931), compiled(schematrons.facturX)]).then(
    ([en16931, facturX]) => ({ en16931, facturX }),
  );
  return sefs;
}

const loaded = new Map<keyof typeof schematrons, Promise<unknown>>();

/**
 * A compiled schematron read once per test file: SaxonJS given the SEF's file name reads and
 * builds its 5 MB again on every transform (about 1 s of CPU each, four times the check itself).
 */
function loadedSchematron(name: keyof typeof schematrons): Promise<unknown> {
  let stylesheet = loaded.get(name);
  if (!stylesheet) {
    stylesheet = prepareSchematrons().then(async (sefs) =>
      JSON.parse(await fs.promises.readFile(sefs[name], 'utf8')),
    );
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
    { stylesheetInternal: await loadedSchematron(name), sourceText: xml, destination: 'serialized' },
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
