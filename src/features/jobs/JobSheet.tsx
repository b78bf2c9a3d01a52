import { type ReactNode, useEffect, useId, useState } from 'react';
import { type BusinessJobDetail, editBusinessJob, getBusinessJob } from '../../api/businessJobs';
import { ApiError } from '../../api/errors';
import { formatCents, formatIsoDate, parseFrenchDate, toIsoDate } from '../../i18n/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { validationMessages } from '../../i18n/validationMessages';
import { logger } from '../../logging/logger';
import { clientPaths, invoicePath, newInvoiceFromQuotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { visuallyHidden } from '../../ui/theme.css';
import { addToast } from '../../ui/toasts/toastStore';
import { paymentModeLabels } from '../customers/messages';
import { useEnterpriseId } from '../customers/sheet/useEnterpriseId';
import * as shared from '../invoices/invoices.css';
import { invoiceKindLabels, invoiceMessages } from '../invoices/messages';
import { chipStatus, StatusChip } from '../invoices/StatusChip';
import { jobMessages as m, quoteStatusLabels } from './messages';

type Loaded = BusinessJobDetail | 'loading' | 'notFound' | 'failed';

export interface JobSheetViewProps {
  job: Loaded;
  /** Saves the reception date (yyyy-MM-dd, or null to clear it); resolves to an error message or null. */
  onSaveDeliveryDate: (deliveryDate: string | null) => Promise<string | null>;
}

/** The reception date, typed dd/MM/yyyy; empty clears it. Kept as typed after a refusal. */
function DeliveryDateForm({
  job,
  onSave,
}: {
  job: BusinessJobDetail;
  onSave: JobSheetViewProps['onSaveDeliveryDate'];
}) {
  const [text, setText] = useState(job.deliveryDate ? formatIsoDate(job.deliveryDate) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <form
      className={shared.field}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const date = text.trim() ? parseFrenchDate(text) : null;
        if (text.trim() && !date) {
          setError(validationMessages.date);
          return;
        }
        setBusy(true);
        setError(await onSave(date ? toIsoDate(date) : null));
        setBusy(false);
      }}
    >
      <label className={shared.label} htmlFor={id}>
        {m.deliveryDate}
      </label>
      <div className={shared.actions}>
        <input
          id={id}
          className={shared.control}
          value={text}
          placeholder="JJ/MM/AAAA"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={button.secondary} disabled={busy}>
          {m.saveDeliveryDate}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={shared.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** A panel of the sheet: its heading, then its table (named by the heading), or a sentence when empty. */
function SheetTable({
  id,
  title,
  empty,
  rows,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  rows: number;
  /** The table's head and body. */
  children: ReactNode;
}) {
  return (
    <section className={shared.panel} aria-labelledby={id}>
      <h2 id={id} className={shared.sectionTitle}>
        {title}
      </h2>
      {rows === 0 ? (
        <p className={shared.subtitle}>{empty}</p>
      ) : (
        <table className={shared.table}>
          <caption className={visuallyHidden}>{title}</caption>
          {children}
        </table>
      )}
    </section>
  );
}

export function JobSheetView({ job, onSaveDeliveryDate }: JobSheetViewProps) {
  if (job === 'loading') return <LoadingScreen title={m.sheetTitle} />;
  if (typeof job !== 'object') {
    return (
      <div>
        <h1 className={shared.title}>{m.sheetTitle}</h1>
        <div className={shared.emptyPanel} role="alert">
          <p>{job === 'notFound' ? m.notFound : m.loadFailed}</p>
          <RouteLink to={clientPaths.deals} className={shared.link}>
            {m.backToList}
          </RouteLink>
        </div>
      </div>
    );
  }
  const { amounts } = job;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div className={shared.header}>
        <div>
          <h1 className={shared.title}>
            {m.sheetTitle} : {job.name}
          </h1>
          <p className={shared.subtitle}>
            {job.customerName}
            {job.siteAddress ? ` · ${job.siteAddress}` : ''}
          </p>
          <p className={shared.subtitle}>
            {m.owner} : {job.ownerName ?? m.noOwner}
          </p>
        </div>
        <RouteLink to={clientPaths.deals} className={shared.link}>
          {m.backToList}
        </RouteLink>
      </div>

      <section className={shared.panel} aria-label={m.summary}>
        <dl className={shared.definitions}>
          <div>
            <dt>{m.quoted}</dt>
            <dd className={shared.amount}>{formatCents(amounts.quotedExclTaxCents)} HT</dd>
          </div>
          <div>
            <dt>{m.invoiced}</dt>
            <dd className={shared.amount}>{formatCents(amounts.invoicedInclTaxCents)} TTC</dd>
          </div>
          <div>
            <dt>{m.paid}</dt>
            <dd className={shared.amount}>{formatCents(amounts.paidCents)}</dd>
          </div>
          <div>
            <dt>{m.remaining}</dt>
            <dd className={shared.amount}>{formatCents(amounts.remainingCents)}</dd>
          </div>
          <div>
            <dt>{m.retainage(job.retainageBasisPoints)}</dt>
            <dd className={shared.amount}>{formatCents(amounts.retainageCents)}</dd>
          </div>
          <div>
            <dt>{m.retainagePaid}</dt>
            <dd className={shared.amount}>{formatCents(amounts.retainagePaidCents)}</dd>
          </div>
        </dl>
        <p>
          {job.retainageReleaseDate
            ? m.retainageRelease(formatIsoDate(job.retainageReleaseDate))
            : m.retainageReleasePending}
        </p>
        <div style={{ marginTop: 16, maxWidth: 420 }}>
          <DeliveryDateForm key={`${job.id}-${job.version}`} job={job} onSave={onSaveDeliveryDate} />
        </div>
      </section>

      <SheetTable id="job-quotes" title={m.quotes} empty={m.noQuotes} rows={job.quotes.length}>
        <thead>
          <tr>
            <th scope="col">N°</th>
            <th scope="col">{m.quoteTitle}</th>
            <th scope="col">Date</th>
            <th scope="col">Statut</th>
            <th scope="col" className={shared.amount}>
              Total HT
            </th>
            <th scope="col" className={shared.amount}>
              {m.invoicedShort}
            </th>
            <th scope="col">
              <span className={visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {job.quotes.map((quote) => (
            <tr key={quote.id}>
              <td>{quote.number}</td>
              <td>{quote.title}</td>
              <td>{formatIsoDate(quote.date)}</td>
              <td>{quoteStatusLabels[quote.status]}</td>
              <td className={shared.amount}>{formatCents(quote.totalExclTaxCents)}</td>
              <td className={shared.amount}>{formatCents(quote.invoicedExclTaxCents)}</td>
              <td>
                {quote.status === 'accepted' && quote.invoicedExclTaxCents < quote.totalExclTaxCents ? (
                  <RouteLink to={newInvoiceFromQuotePath(quote.id)} className={shared.link}>
                    {invoiceMessages.invoiceQuote(quote.number)}
                  </RouteLink>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </SheetTable>

      <SheetTable id="job-invoices" title={m.invoices} empty={m.noInvoices} rows={job.invoices.length}>
        <thead>
          <tr>
            <th scope="col">N°</th>
            <th scope="col">Type</th>
            <th scope="col">Date</th>
            <th scope="col">Statut</th>
            <th scope="col" className={shared.amount}>
              Total TTC
            </th>
          </tr>
        </thead>
        <tbody>
          {job.invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>
                <RouteLink to={invoicePath(invoice.id)} className={shared.link}>
                  {invoice.number ?? invoiceMessages.draftName(invoice.id)}
                </RouteLink>
              </td>
              <td>{invoiceKindLabels[invoice.kind]}</td>
              <td>{formatIsoDate(invoice.date)}</td>
              <td>
                <StatusChip status={chipStatus(invoice)} kind={invoice.kind} />
              </td>
              <td className={shared.amount}>{formatCents(invoice.totalInclTaxCents)}</td>
            </tr>
          ))}
        </tbody>
      </SheetTable>

      <SheetTable id="job-payments" title={m.payments} empty={m.noPayments} rows={job.payments.length}>
        <thead>
          <tr>
            <th scope="col">{m.paymentDate}</th>
            <th scope="col">{m.paymentInvoice}</th>
            <th scope="col">{m.paymentMode}</th>
            <th scope="col" className={shared.amount}>
              {m.paymentAmount}
            </th>
            <th scope="col">{m.paymentRetainage}</th>
          </tr>
        </thead>
        <tbody>
          {job.payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatIsoDate(payment.paidOn)}</td>
              <td>
                <RouteLink to={invoicePath(payment.invoiceId)} className={shared.link}>
                  {payment.invoiceNumber ?? invoiceMessages.draftName(payment.invoiceId)}
                </RouteLink>
              </td>
              <td>{paymentModeLabels[payment.mode]}</td>
              <td className={shared.amount}>{formatCents(payment.amountCents)}</td>
              <td>{payment.isRetainage ? m.yes : m.no}</td>
            </tr>
          ))}
        </tbody>
      </SheetTable>
    </div>
  );
}

/** The deal sheet (`/affaires/{businessId}`): its quotes, invoices, payments, reception date, retainage. */
export function JobSheet({ businessId }: { businessId: string }) {
  const enterpriseId = useEnterpriseId();
  const id = /^\d+$/.test(businessId) ? Number(businessId) : null;
  const [job, setJob] = useState<Loaded>('loading');

  useEffect(() => {
    if (enterpriseId === null) return;
    if (id === null) {
      setJob('notFound');
      return;
    }
    let current = true;
    getBusinessJob(enterpriseId, id).then(
      (loaded) => current && setJob(loaded),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setJob('notFound');
        else {
          logger.error('Error getting business job', { error, labels: { businessId } });
          setJob('failed');
        }
      },
    );
    return () => {
      current = false;
    };
  }, [enterpriseId, id, businessId]);

  return (
    <JobSheetView
      job={job}
      onSaveDeliveryDate={async (deliveryDate) => {
        if (enterpriseId === null || typeof job !== 'object') return null;
        try {
          setJob(await editBusinessJob(enterpriseId, job.id, job.version, { deliveryDate }));
          addToast(m.saved, { type: 'success' });
          return null;
        } catch (error) {
          logger.warn('Error saving the reception date', { error, labels: { businessId } });
          return errorMessageFor(error);
        }
      }}
    />
  );
}
