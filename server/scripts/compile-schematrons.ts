/**
 * Compiles the two Factur-X / EN 16931 schematrons into the relocatable SEFs kept in
 * test/validators/compiled (gzip), and removes the ones no stylesheet names any more. Run it after
 * replacing a stylesheet or upgrading saxon-js / xslt3: `npx tsx scripts/compile-schematrons.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { compiledDir, compileSchematron, schematrons, sefName } from '../test/support/factur-x-validators.js';

const wanted = new Set<string>();
for (const stylesheet of Object.values(schematrons)) {
  const name = sefName(stylesheet);
  wanted.add(`${name}.gz`);
  const scratch = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-sef-')), name);
  await compileSchematron(stylesheet, scratch);
  fs.mkdirSync(compiledDir, { recursive: true });
  fs.writeFileSync(path.join(compiledDir, `${name}.gz`), gzipSync(fs.readFileSync(scratch), { level: 9 }));
  fs.rmSync(path.dirname(scratch), { recursive: true, force: true });
  console.log(`${name}.gz`);
}
for (const file of fs.readdirSync(compiledDir))
  if (!wanted.has(file)) fs.rmSync(path.join(compiledDir, file));
