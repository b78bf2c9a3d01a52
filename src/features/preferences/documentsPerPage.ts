import { atom } from 'nanostores';
import { getDocumentsPerPage } from '../../api/invoices';
import { documentSettingsRanges } from '../../contract/documentSettings';
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

const storageKey = (enterpriseId: number) => `bo-elements:documents-per-page:${enterpriseId}`;

/**
 * The value this browser last read or saved for the company (a guess until it is read again); one
 * outside the setting's range (a stored value edited by hand) is no guess.
 */
function lastSeen(enterpriseId: number): number {
  const { min, max } = documentSettingsRanges.documentsPerPage;
  try {
    const value = Number(localStorage.getItem(storageKey(enterpriseId)));
    return Number.isInteger(value) && value >= min && value <= max ? value : DEFAULT_DOCUMENTS_PER_PAGE;
  } catch {
    return DEFAULT_DOCUMENTS_PER_PAGE;
  }
}

function keep(enterpriseId: number, value: number) {
  $documentsPerPage.set({ enterpriseId, value });
  try {
    localStorage.setItem(storageKey(enterpriseId), String(value));
  } catch {
    // Storage refused (private browsing, quota): the next visit guesses the default.
  }
}

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
      keep(enterpriseId, value);
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
  keep(enterpriseId, value);
}

/**
 * A page of a document list and the page size it was asked with. While the company's size is not
 * known, the page is asked beside it, at the size this browser last saw (else the default), rather
 * than after it: one round trip less before a list first shows (issue 27). A guess that turns out
 * wrong is asked again at the company's size.
 */
export async function pageAtCompanySize<Page>(
  enterpriseId: number,
  ask: (pageSize: number) => Promise<Page>,
): Promise<{ pageSize: number; page: Page }> {
  const known = knownDocumentsPerPage(enterpriseId);
  if (known !== null) return { pageSize: known, page: await ask(known) };
  const guess = lastSeen(enterpriseId);
  const guessed = ask(guess).then(
    (page) => ({ page }),
    (error: unknown) => ({ error }),
  );
  const pageSize = await documentsPerPage(enterpriseId);
  if (pageSize !== guess) return { pageSize, page: await ask(pageSize) };
  const answer = await guessed;
  if ('error' in answer) throw answer.error;
  return { pageSize, page: answer.page };
}

/** Forgets the value (tests; another company signing in reads its own). */
export function forgetDocumentsPerPage(): void {
  reading = null;
  $documentsPerPage.set(null);
}
