import { atom } from 'nanostores';
import { getDocumentsPerPage } from '../../api/invoices';
import { logger } from '../../logging/logger';

/**
 * « Documents par page » (Paramètres généraux des documents): how many rows a page of the
 * document lists shows (Mes factures, the payments lists). Read once per company and kept; the
 * settings page sets it when it saves, so the next list opened follows at once.
 */
export const DEFAULT_DOCUMENTS_PER_PAGE = 20;

/** The company's value as last read or saved, by company (null: not read yet). */
export const $documentsPerPage = atom<{ enterpriseId: number; value: number } | null>(null);

let reading: { enterpriseId: number; answer: Promise<number> } | null = null;

/** The value already read or saved for this company, else null (no wait: a list asks at once). */
export function knownDocumentsPerPage(enterpriseId: number): number | null {
  const known = $documentsPerPage.get();
  return known?.enterpriseId === enterpriseId ? known.value : null;
}

/** The page size of the company's document lists: read once; the server's default if it cannot be. */
export function documentsPerPage(enterpriseId: number): Promise<number> {
  const known = $documentsPerPage.get();
  if (known?.enterpriseId === enterpriseId) return Promise.resolve(known.value);
  if (reading?.enterpriseId === enterpriseId) return reading.answer;
  const answer = getDocumentsPerPage(enterpriseId).then(
    (value) => {
      $documentsPerPage.set({ enterpriseId, value });
      return value;
    },
    (error: unknown) => {
      // Not kept: the next list asks again.
      logger.warn('Error getting documents per page', { error });
      return DEFAULT_DOCUMENTS_PER_PAGE;
    },
  );
  reading = { enterpriseId, answer };
  void answer.finally(() => {
    if (reading?.answer === answer) reading = null;
  });
  return answer;
}

/** After the settings were saved: the lists opened next use the new value. */
export function setDocumentsPerPage(enterpriseId: number, value: number): void {
  reading = null;
  $documentsPerPage.set({ enterpriseId, value });
}

/** Forgets the value (tests; another company signing in reads its own). */
export function forgetDocumentsPerPage(): void {
  reading = null;
  $documentsPerPage.set(null);
}
