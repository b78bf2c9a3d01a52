/**
 * The quotes' server data through the data layer (src/api/query.ts): the list's page, keyed on the
 * session's company and on the list's query, and the jobs « Nouveau devis » offers. Changes go
 * through `createQuoteDraft`, which makes the lists and the job's sheet load again.
 */
import { atom, computed } from 'nanostores';
import { jobPageAnswer } from '../../../api/businessJobs';
import { $companyPath, createApiStore, invalidateCompanyKeys } from '../../../api/query';
import { createQuote, type QuoteEditorDetail, type QuoteStatus, quotePageAnswer } from '../../../api/quotes';
import { logger } from '../../../logging/logger';
import { $session } from '../../../session/session';

/** Rows per page of the list. */
export const QUOTE_PAGE_SIZE = 50;
/** Jobs offered by the « Nouveau devis » combobox for what is typed. */
export const JOB_CHOICES = 20;

/** What the list shows: its search, its status filter ('' = all) and its page (from 0). */
export interface QuotesListQuery {
  q: string;
  status: QuoteStatus | '';
  page: number;
}

export const defaultQuotesListQuery = (): QuotesListQuery => ({ q: '', status: '', page: 0 });

/**
 * The list's query. Not in the address: the list lives on the platform's hash page as well as in
 * the SPA, and the hash there is the page's own (`#/elaboration-devis`).
 */
export const $quotesListQuery = atom<QuotesListQuery>(defaultQuotesListQuery());

/** The API query of the list shown (newest first is the server's order). */
const $quotesApiQuery = computed($quotesListQuery, ({ q, status, page }) => {
  const search = new URLSearchParams({
    limit: String(QUOTE_PAGE_SIZE),
    offset: String(page * QUOTE_PAGE_SIZE),
  });
  if (q.trim()) search.set('q', q.trim());
  if (status) search.set('status', status);
  return `/quotes?${search}`;
});

/** The page of quotes the list asks for. */
export const $quotesPage = createApiStore(quotePageAnswer, [$companyPath, $quotesApiQuery], {
  onError: (error) => logger.error('Error getting quotes', { error }),
});

/** A new search or filter starts again from the first page; a page keeps the rest. */
export function queryQuotes(changes: Partial<QuotesListQuery>): void {
  $quotesListQuery.set({ ...$quotesListQuery.get(), page: 0, ...changes });
}

// « Nouveau devis »: the jobs to choose from

/** What the job combobox searches (set after a short pause in the typing). */
export const $quoteJobSearch = atom('');

const $jobApiQuery = computed($quoteJobSearch, (q) => {
  const search = new URLSearchParams({ limit: String(JOB_CHOICES) });
  if (q.trim()) search.set('q', q.trim());
  return `/business-jobs?${search}`;
});

export const $quoteJobChoices = createApiStore(jobPageAnswer, [$companyPath, $jobApiQuery]);

// Changes

function enterpriseId(): number {
  const id = $session.get().enterpriseId;
  if (id === null) throw new Error('No signed-in company');
  return id;
}

/** Every cached quotes list, and the job sheets (they list their quotes with their status). */
export function quotesChanged(): void {
  invalidateCompanyKeys('/quotes');
  invalidateCompanyKeys('/business-jobs/');
}

/** « Nouveau devis »: a draft of the job; the lists and the job's sheet load again. */
export async function createQuoteDraft(input: {
  businessJobId: number;
  title: string;
}): Promise<QuoteEditorDetail> {
  const quote = await createQuote(enterpriseId(), input);
  quotesChanged();
  return quote;
}
