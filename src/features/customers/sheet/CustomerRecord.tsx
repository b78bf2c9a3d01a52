import type { FetcherStore } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { useMemo, useRef } from 'react';
import type { BusinessJob } from '../../../api/businessJobs';
import type { CustomerOverview } from '../../../api/customers';
import type { Invoice } from '../../../api/invoices';
import type { Received } from '../../../api/payments';
import type { Quote } from '../../../api/quotes';
import { formatCents } from '../../../i18n/format';
import { ListFailed } from '../../../ui/ListPages';
import { Spinner } from '../../../ui/Spinner';
import * as shared from '../../invoices/invoices.css';
import { invoiceColumns, jobColumns, paymentColumns, quoteColumns } from '../../records/columns';
import { recordMessages as m } from '../../records/messages';
import { type RecordRows, RecordSection } from '../../records/RecordSection';
import { customerRecordStores, RECORD_PAGE_SIZE, type RecordList } from './customerRecordStores';

export interface CustomerRecordViewProps {
  /** h2 on the SPA's sheet, h3 when a platform page embeds the sheet under its own h2. */
  headingLevel?: 2 | 3;
  overview: { data: CustomerOverview | undefined; failed: boolean };
  jobs: RecordRows<BusinessJob>;
  quotes: RecordRows<Quote>;
  invoices: RecordRows<Invoice>;
  payments: RecordRows<Received>;
  pages: Record<RecordList, number>;
  onPage: (list: RecordList, page: number) => void;
  onRetry: (list: RecordList | 'overview') => void;
}

const quoteTable = quoteColumns({ withJob: true });
const invoiceTable = invoiceColumns({ withBalance: true });

/** The customer's figures: what it owes, of which overdue, invoiced, paid, left to invoice. */
function Figures({ data }: { data: CustomerOverview }) {
  return (
    <dl className={shared.definitions}>
      <div>
        <dt>{m.balance}</dt>
        <dd className={shared.amount}>{formatCents(data.balanceCents)}</dd>
        {data.retainageHeldCents !== 0 ? (
          <dd className={shared.subtitle}>{m.retainageHeld(formatCents(data.retainageHeldCents))}</dd>
        ) : null}
      </div>
      <div>
        <dt>{m.overdue}</dt>
        <dd className={`${shared.amount} ${data.overdueCents > 0 ? shared.error : ''}`}>
          {formatCents(data.overdueCents)}
        </dd>
      </div>
      <div>
        <dt>{m.invoiced}</dt>
        <dd className={shared.amount}>{formatCents(data.invoicedInclTaxCents)}</dd>
      </div>
      <div>
        <dt>{m.paid}</dt>
        <dd className={shared.amount}>{formatCents(data.paidCents)}</dd>
      </div>
      <div>
        <dt>{m.toInvoice}</dt>
        <dd className={shared.amount}>{formatCents(data.toInvoiceExclTaxCents)}</dd>
      </div>
    </dl>
  );
}

/**
 * What the customer's sheet shows above its form (issue 26, item 8): its figures, then its jobs,
 * quotes, invoices and received payments, newest first, a page of each at a time.
 */
export function CustomerRecordView({
  headingLevel = 2,
  overview,
  jobs,
  quotes,
  invoices,
  payments,
  pages,
  onPage,
  onRetry,
}: CustomerRecordViewProps) {
  const paging = (list: RecordList) => ({
    page: pages[list],
    pageSize: RECORD_PAGE_SIZE,
    onPage: (page: number) => onPage(list, page),
  });
  return (
    <>
      <section className={shared.panel} aria-label={m.figures}>
        {overview.data ? (
          <Figures data={overview.data} />
        ) : overview.failed ? (
          <ListFailed message={m.figuresFailed} onRetry={() => onRetry('overview')} />
        ) : (
          <Spinner />
        )}
      </section>
      <RecordSection
        id="customer-jobs"
        title={m.jobs}
        headingLevel={headingLevel}
        empty={m.noJobs}
        failedMessage={m.jobsFailed}
        onRetry={() => onRetry('jobs')}
        state={jobs}
        columns={jobColumns}
        rowKey={(job) => String(job.id)}
        paging={paging('jobs')}
      />
      <RecordSection
        id="customer-quotes"
        title={m.quotes}
        headingLevel={headingLevel}
        empty={m.noQuotes}
        failedMessage={m.quotesFailed}
        onRetry={() => onRetry('quotes')}
        state={quotes}
        columns={quoteTable}
        rowKey={(quote) => String(quote.id)}
        paging={paging('quotes')}
      />
      <RecordSection
        id="customer-invoices"
        title={m.invoices}
        headingLevel={headingLevel}
        empty={m.noInvoices}
        failedMessage={m.invoicesFailed}
        onRetry={() => onRetry('invoices')}
        state={invoices}
        columns={invoiceTable}
        rowKey={(invoice) => String(invoice.id)}
        paging={paging('invoices')}
      />
      <RecordSection
        id="customer-payments"
        title={m.payments}
        headingLevel={headingLevel}
        empty={m.noPayments}
        failedMessage={m.paymentsFailed}
        onRetry={() => onRetry('payments')}
        state={payments}
        columns={paymentColumns}
        rowKey={(payment) => String(payment.id)}
        paging={paging('payments')}
      />
    </>
  );
}

type PageAnswer<Row> = { data: readonly Row[]; info: { hits?: number } };

/**
 * A list's rows as its store holds them. Another page is another key, which starts without data:
 * the rows shown stay until its answer comes (nothing on screen jumps to a spinner and back).
 */
function useRecordRows<Answer extends PageAnswer<unknown>>(
  store: FetcherStore<Answer, unknown>,
): RecordRows<Answer['data'][number]> {
  const { data, error, loading } = useStore(store);
  const shown = useRef<Answer | undefined>(undefined);
  if (data) shown.current = data;
  const page = data ?? shown.current;
  return { rows: page?.data, hits: page?.info.hits, loading, failed: Boolean(error) && !loading };
}

/** The customer's figures and documents, over the data layer. */
export function CustomerRecord({ customerId, headingLevel }: { customerId: number; headingLevel?: 2 | 3 }) {
  const stores = useMemo(() => customerRecordStores(customerId), [customerId]);
  const overview = useStore(stores.$overview);
  const pages = useStore(stores.$pages);
  const jobs = useRecordRows(stores.$jobs);
  const quotes = useRecordRows(stores.$quotes);
  const invoices = useRecordRows(stores.$invoices);
  const payments = useRecordRows(stores.$payments);
  const storeOf = {
    overview: stores.$overview,
    jobs: stores.$jobs,
    quotes: stores.$quotes,
    invoices: stores.$invoices,
    payments: stores.$payments,
  };
  return (
    <CustomerRecordView
      headingLevel={headingLevel}
      overview={{ data: overview.data?.data, failed: Boolean(overview.error) && !overview.loading }}
      jobs={jobs}
      quotes={quotes}
      invoices={invoices}
      payments={payments}
      pages={pages}
      onPage={stores.setPage}
      onRetry={(list) => storeOf[list].invalidate()}
    />
  );
}
