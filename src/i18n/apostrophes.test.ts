import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  customerMessages,
  customerTypeLabels,
  deadlineRuleLabels,
  paymentModeLabels,
} from '../features/customers/messages';
import { notificationMessages } from '../features/notifications/messages';
import { preferencesMenu } from '../features/preferences/preferencesMenu';
import { formatRelative } from './format';
import { internalErrors } from './internalErrors';
import { serverErrorMessages } from './serverErrors';
import { shellMessages } from './shellMessages';
import { validationMessages } from './validationMessages';

/** Every string inside a catalogue, however nested. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const TYPOGRAPHIC = '’';

/**
 * The spec writes its French with the straight apostrophe ("Ce format de fichier n'est pas
 * supporté", 'Vous n'êtes pas connecté !'), byte for byte: so does every message of the product.
 */
describe('one apostrophe style, the spec’s straight one', () => {
  it('in the French message catalogues', () => {
    const catalogues = {
      shellMessages,
      validationMessages,
      serverErrorMessages,
      internalErrors,
      notificationMessages,
      customerMessages,
      customerTypeLabels,
      paymentModeLabels,
      deadlineRuleLabels,
      preferencesMenu,
    };
    for (const [name, catalogue] of Object.entries(catalogues)) {
      const texts = strings(catalogue);
      expect(texts.length, name).toBeGreaterThan(0);
      expect(
        texts.filter((text) => text.includes(TYPOGRAPHIC)),
        name,
      ).toEqual([]);
    }
    expect(shellMessages.notLoggedInTitle).toBe("Vous n'êtes pas connecté !");
  });

  it('in relative times (date-fns writes « moins d’une minute »)', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatRelative(new Date('2026-11-22T11:59:40Z'), now)).toBe("il y a moins d'une minute");
    expect(formatRelative(new Date('2025-06-01T12:00:00Z'), now)).toBe("il y a plus d'un an");
  });

  it('in the server’s pages and the demo pages', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = [
      ...readdirSync(join(root, 'server/src/pages')).map((name) => join('server/src/pages', name)),
      // The demo's pages; demo/samples holds files as other software writes them, not our wording.
      ...readdirSync(join(root, 'demo'))
        .filter((name) => /\.(html|js)$/.test(name))
        .map((name) => join('demo', name)),
    ];
    const offending = files.filter((file) => readFileSync(join(root, file), 'utf8').includes(TYPOGRAPHIC));
    expect(offending).toEqual([]);
  });
});
