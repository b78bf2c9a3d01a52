import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoicingErrorKeys } from '../../src/domain/index.js';

// The client's catalogue (src/, outside the server's TypeScript project) is read as text: each key
// the domain can answer must have its French sentence there.
const catalogue = fs.readFileSync(new URL('../../../src/i18n/serverErrors.ts', import.meta.url), 'utf8');

describe('invoicing error keys', () => {
  it.each(invoicingErrorKeys)('%s has a French sentence in src/i18n/serverErrors.ts', (key) => {
    expect(catalogue).toMatch(new RegExp(`\\n  ${key}:\\s*\\n?\\s*['"].{10,}`));
  });

  it('lists each key once', () => {
    expect(new Set(invoicingErrorKeys).size).toBe(invoicingErrorKeys.length);
  });
});
