import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Quote, QuoteEditorDetail, QuotePage } from '../../../api/quotes';
import { quoteStatuses } from '../../../api/quotes';
import { button } from '../../../ui/button.css';
import { ListBody, pageView } from '../../../ui/ListBody';
import { FilterBar, SearchFilter, SelectFilter, useSearchText } from '../../../ui/ListFilters';
import * as listStyles from '../../../ui/table.css';
import { addToast } from '../../../ui/toasts/toastStore';
import * as shared from '../../invoices/invoices.css';
import { quotesListMessages as m, quoteStatusLabels } from './messages';
import { NewQuoteDialog } from './NewQuoteDialog';
import { QuotesTable } from './QuotesTable';
import {
  $quotesListQuery,
  $quotesPage,
  defaultQuotesListQuery,
  QUOTE_PAGE_SIZE,
  type QuotesListQuery,
  queryQuotes,
} from './quotesStores';

export interface QuotesListViewProps {
  /** The page shown: the server's answer (a stale one while the next loads), or where it stands. */
  page: QuotePage | undefined;
  loading: boolean;
  failed: boolean;
  query: QuotesListQuery;
  onQuery: (changes: Partial<QuotesListQuery>) => void;
  onRetry: () => void;
  onOpen: (quote: Quote) => void;
  onNew: () => void;
  /** Heading level of the list's title: 1 in the SPA, 2 inside a platform page's section. */
  headingLevel?: 1 | 2;
}

const statusChoices = quoteStatuses.map((status) => [status, quoteStatusLabels[status]] as const);

/** The quotes of the company, newest first, driven by its state (stories and tests give their own). */
export function QuotesListView({
  page,
  loading,
  failed,
  query,
  onQuery,
  onRetry,
  onOpen,
  onNew,
  headingLevel = 1,
}: QuotesListViewProps) {
  const search = useSearchText(
    query.q,
    useCallback((q: string) => onQuery({ q }), [onQuery]),
  );
  const filtered = query.q.trim() !== '' || query.status !== '';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const newButton = (
    <button type="button" className={button.primary} onClick={onNew}>
      {m.newQuote}
    </button>
  );
  return (
    <div>
      <div className={shared.header}>
        <Heading className={shared.title}>{m.title}</Heading>
        {newButton}
      </div>
      <FilterBar
        className={listStyles.toolbar}
        search={search}
        filtered={filtered}
        onClear={() => onQuery(defaultQuotesListQuery())}
      >
        <SearchFilter
          label={m.search}
          placeholder={m.searchPlaceholder}
          className={listStyles.searchField}
          search={search}
        />
        <SelectFilter
          label={m.statusFilter}
          value={query.status}
          labels={statusChoices}
          onChange={(status) => onQuery({ status })}
        />
      </FilterBar>

      <ListBody
        view={pageView(page, failed)}
        failed={failed ? { message: m.listFailed, onRetry } : null}
        empty={{
          title: filtered ? m.noMatchTitle : m.emptyTitle,
          text: filtered ? m.noMatchText : m.emptyText,
          actions: filtered ? null : newButton,
        }}
        rows={() =>
          page && (
            <QuotesTable
              rows={page.data}
              busy={loading}
              page={query.page}
              pageSize={QUOTE_PAGE_SIZE}
              hits={page.info.hits}
              onPage={(number) => onQuery({ ...query, page: number })}
              onOpen={onOpen}
            />
          )
        }
      />
    </div>
  );
}

export interface QuotesListProps {
  /** A quote is chosen in the list, or a draft was just created: the host opens its editor. */
  onOpen: (quoteId: number) => void;
  headingLevel?: 1 | 2;
}

/**
 * The quotes list over the data layer, with « Nouveau devis » (the job, the object; the draft is
 * created and then opened). Where the editor opens is the host's: the SPA routes, the platform
 * page's element dispatches an event to its page.
 */
export function QuotesList({ onOpen, headingLevel }: QuotesListProps) {
  const query = useStore($quotesListQuery);
  const { data, error, loading } = useStore($quotesPage);
  // Another filter or page is another key, which starts without data: the rows shown stay until
  // its answer comes (nothing on screen jumps to a spinner and back).
  const shown = useRef<QuotePage | undefined>(undefined);
  if (data) shown.current = data;
  // A list shown again (the platform page makes a new one after the editor) shows the cached page at
  // once and asks again: a quote may have been answered online meanwhile. The store may still be
  // mounted (nanostores keeps it a moment after its last listener), so its own mount would not ask.
  useEffect(() => {
    if ($quotesPage.get().data) $quotesPage.revalidate();
  }, []);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <QuotesListView
        page={data ?? shown.current}
        loading={loading}
        failed={Boolean(error) && !loading}
        query={query}
        onQuery={queryQuotes}
        onRetry={() => $quotesPage.invalidate()}
        onOpen={(quote) => onOpen(quote.id)}
        onNew={() => setCreating(true)}
        headingLevel={headingLevel}
      />
      <NewQuoteDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(quote: QuoteEditorDetail) => {
          setCreating(false);
          addToast(m.created(quote.number), { type: 'success' });
          onOpen(quote.id);
        }}
      />
    </>
  );
}
