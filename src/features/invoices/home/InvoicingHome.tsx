import { useEffect, useState } from 'react';
import { type Invoice, type InvoicePage, listInvoices } from '../../../api/invoices';
import { listQuotes, type Quote } from '../../../api/quotes';
import { formatCents, formatCount, formatIsoDate, toIsoDate } from '../../../i18n/format';
import { logger } from '../../../logging/logger';
import { clientPaths, invoicePath, newInvoiceFromQuotePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { Spinner } from '../../../ui/Spinner';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import * as shared from '../invoices.css';
import { defaultListQuery, searchFromQuery } from '../list/invoiceListStore';
import { invoiceKindLabels, invoiceMessages as m } from '../messages';
import * as styles from './home.css';

export interface InvoicingSummary {
  /** Accepted quotes with something left to invoice. */
  toInvoice: Quote[];
  drafts: InvoicePage;
  overdue: InvoicePage;
  /** Validated invoices dated this month. */
  month: InvoicePage;
}

/** How many of each list the home shows; the lists behind them hold the rest. */
const SHOWN = 5;

function monthBounds(today: Date) {
  return {
    from: toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1)),
    to: toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

/** The four questions of the home, each answered by the server (its totals, its filters). */
export async function loadInvoicingSummary(
  enterpriseId: number,
  today = new Date(),
): Promise<InvoicingSummary> {
  const { from, to } = monthBounds(today);
  const [quotes, drafts, overdue, month] = await Promise.all([
    listQuotes(enterpriseId, { status: 'accepted', limit: 200 }),
    listInvoices(enterpriseId, { status: 'PROVISOIRE', sort: 'date', order: 'desc', limit: SHOWN }),
    listInvoices(enterpriseId, { overdue: true, sort: 'dueDate', order: 'asc', limit: SHOWN }),
    listInvoices(enterpriseId, { status: 'VALIDATED', from, to, limit: 1 }),
  ]);
  return {
    toInvoice: quotes.data.filter((quote) => quote.invoicedExclTaxCents < quote.totalExclTaxCents),
    drafts,
    overdue,
    month,
  };
}

const listLink = (changes: Parameters<typeof searchFromQuery>[0] extends infer Q ? Partial<Q> : never) =>
  `${clientPaths.invoices}${searchFromQuery({ ...defaultListQuery(), ...changes })}`;

function InvoiceRows({ invoices, date }: { invoices: Invoice[]; date: 'date' | 'dueDate' }) {
  return (
    <ul className={styles.list}>
      {invoices.map((invoice) => (
        <li key={invoice.id} className={styles.item}>
          <RouteLink to={invoicePath(invoice.id)} className={shared.link}>
            {invoice.number ?? m.draftName(invoice.id)}
          </RouteLink>
          <span className={styles.detail}>
            {invoice.customerName} · {invoiceKindLabels[invoice.kind]} · {formatIsoDate(invoice[date])}
          </span>
          <span className={shared.amount}>
            {formatCents(date === 'dueDate' ? invoice.balanceCents : invoice.totalInclTaxCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function InvoicingHomeView({
  summary,
  onRetry,
}: {
  summary: InvoicingSummary | 'loading' | 'failed';
  /** Asks the summary again after a failure. */
  onRetry: () => void;
}) {
  const { from, to } = monthBounds(new Date());
  return (
    <div>
      <div className={shared.header}>
        <h1 className={shared.title}>{m.homeTitle}</h1>
        <div className={shared.actions}>
          <RouteLink to={clientPaths.invoices} className={button.secondary}>
            {m.listTitle}
          </RouteLink>
          <RouteLink to={clientPaths.simpleInvoicing} className={button.primary}>
            {m.newSimpleInvoice}
          </RouteLink>
        </div>
      </div>
      {summary === 'loading' ? <Spinner /> : null}
      {summary === 'failed' ? (
        <div className={shared.alert} role="alert">
          <p>{m.homeFailed}</p>
          <button type="button" className={button.secondary} onClick={onRetry}>
            {m.retry}
          </button>
        </div>
      ) : null}
      {typeof summary === 'object' ? (
        <div className={styles.grid}>
          <section className={shared.panel} aria-labelledby="home-month">
            <h2 id="home-month" className={shared.sectionTitle}>
              {m.monthTitle}
            </h2>
            <dl className={styles.figures}>
              <div>
                <dt>{m.monthInvoicedExclTax}</dt>
                <dd>{formatCents(summary.month.info.totals.totalExclTaxCents)}</dd>
              </div>
              <div>
                <dt>{m.monthInvoicedInclTax}</dt>
                <dd>{formatCents(summary.month.info.totals.totalInclTaxCents)}</dd>
              </div>
              <div>
                <dt>{m.monthOutstanding}</dt>
                <dd>{formatCents(summary.month.info.totals.balanceCents)}</dd>
              </div>
            </dl>
            <RouteLink to={listLink({ status: 'VALIDATED', from, to })} className={shared.link}>
              {m.monthLink(summary.month.info.hits)}
            </RouteLink>
          </section>

          <section className={shared.panel} aria-labelledby="home-to-invoice">
            <h2 id="home-to-invoice" className={shared.sectionTitle}>
              {m.toInvoiceTitle}
            </h2>
            {summary.toInvoice.length === 0 ? (
              <p className={styles.muted}>{m.toInvoiceEmpty}</p>
            ) : (
              <ul className={styles.list}>
                {summary.toInvoice.slice(0, SHOWN * 2).map((quote) => (
                  <li key={quote.id} className={styles.item}>
                    <RouteLink to={newInvoiceFromQuotePath(quote.id)} className={shared.link}>
                      {m.invoiceQuote(quote.number)}
                    </RouteLink>
                    <span className={styles.detail}>
                      {quote.customerName} · {quote.title}
                    </span>
                    <span className={shared.amount}>
                      {m.remainingExclTax(formatCents(quote.totalExclTaxCents - quote.invoicedExclTaxCents))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={shared.panel} aria-labelledby="home-drafts">
            <h2 id="home-drafts" className={shared.sectionTitle}>
              {m.draftsTitle(summary.drafts.info.hits)}
            </h2>
            {summary.drafts.info.hits === 0 ? (
              <p className={styles.muted}>{m.draftsEmpty}</p>
            ) : (
              <>
                <InvoiceRows invoices={summary.drafts.data} date="date" />
                <RouteLink to={listLink({ status: 'PROVISOIRE' })} className={shared.link}>
                  {m.allDrafts}
                </RouteLink>
              </>
            )}
          </section>

          <section className={shared.panel} aria-labelledby="home-overdue">
            <h2 id="home-overdue" className={shared.sectionTitle}>
              {m.overdueTitle(summary.overdue.info.hits)}
            </h2>
            {summary.overdue.info.hits === 0 ? (
              <p className={styles.muted}>{m.overdueEmpty}</p>
            ) : (
              <>
                <p>{m.overdueTotal(formatCents(summary.overdue.info.totals.balanceCents))}</p>
                <InvoiceRows invoices={summary.overdue.data} date="dueDate" />
                <RouteLink to={listLink({ status: 'overdue' })} className={shared.link}>
                  {m.allOverdue(formatCount(summary.overdue.info.hits))}
                </RouteLink>
              </>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** `/facturation`: what is to be invoiced, the drafts, the overdue invoices, the month's totals. */
export function InvoicingHomeScreen() {
  const enterpriseId = useEnterpriseId();
  const [summary, setSummary] = useState<InvoicingSummary | 'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (enterpriseId === null) return;
    let current = true;
    // Each attempt starts from the spinner (a retry is seen to be running).
    void attempt;
    setSummary('loading');
    loadInvoicingSummary(enterpriseId).then(
      (loaded) => current && setSummary(loaded),
      (error: unknown) => {
        logger.error('Error getting the invoicing summary', { error });
        if (current) setSummary('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [enterpriseId, attempt]);
  return <InvoicingHomeView summary={summary} onRetry={() => setAttempt((n) => n + 1)} />;
}
