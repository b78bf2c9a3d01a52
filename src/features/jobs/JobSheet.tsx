import { useStore } from '@nanostores/react';
import { type ReactNode, useState } from 'react';
import type { BusinessJobDetail } from '../../api/businessJobs';
import { ApiError } from '../../api/errors';
import type { QuoteEditorDetail } from '../../api/quotes';
import type { JobInput } from '../../contract/jobs';
import { formatCents, formatIsoDate } from '../../i18n/format';
import { logger } from '../../logging/logger';
import { clientPaths, invoicePath, newInvoiceFromQuotePath, quotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { $router } from '../../routes/router';
import { button } from '../../ui/button.css';
import type { ComboboxChoice } from '../../ui/Combobox';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { Modal } from '../../ui/modal/Modal';
import { visuallyHidden } from '../../ui/theme.css';
import { addToast } from '../../ui/toasts/toastStore';
import { paymentModeLabels } from '../customers/messages';
import * as shared from '../invoices/invoices.css';
import { invoiceKindLabels, invoiceMessages } from '../invoices/messages';
import { chipStatus, StatusChip } from '../invoices/StatusChip';
import { quotesListMessages } from '../quotes/list/messages';
import { NewQuoteForm } from '../quotes/list/NewQuoteDialog';
import { QuoteStatusChip } from '../quotes/list/QuoteStatusChip';
import { createQuoteDraft } from '../quotes/list/quotesStores';
import { ownerChoices } from './form/choices';
import { JobForm } from './form/JobForm';
import { changedJobFields, jobToForm } from './form/jobFormSchema';
import { useCustomerChoices } from './form/useCustomerChoices';
import { $companyUsers, $job, reloadJob, saveJob } from './jobStores';
import { jobMessages as m } from './messages';

type Loaded = BusinessJobDetail | 'loading' | 'notFound' | 'failed';

export interface JobSheetViewProps {
  job: Loaded;
  /** The users of the company (for the owner). */
  owners: readonly ComboboxChoice[];
  customerChoices: readonly ComboboxChoice[];
  customersLoading?: boolean;
  onCustomerSearch: (text: string) => void;
  /** Saves the changes made from `from` (its version); resolves to the saved job. */
  onSave: (from: BusinessJobDetail, changes: Partial<JobInput>) => Promise<BusinessJobDetail>;
  /** The stored job, read again (after a stale save). */
  onReload: (id: number) => Promise<BusinessJobDetail>;
  /** « Nouveau devis »: creates a draft of the job (no button without it). */
  createQuote?: (input: { businessJobId: number; title: string }) => Promise<QuoteEditorDetail>;
  /** The draft is created: its editor opens. */
  onQuoteCreated?: (quote: QuoteEditorDetail) => void;
}

/** « Nouveau devis » on the sheet: the job is this one, the dialog asks for the quote's object. */
function NewQuoteButton({
  job,
  create,
  onCreated,
}: {
  job: BusinessJobDetail;
  create: NonNullable<JobSheetViewProps['createQuote']>;
  onCreated: NonNullable<JobSheetViewProps['onQuoteCreated']>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={button.primary} onClick={() => setOpen(true)}>
        {quotesListMessages.newQuote}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={quotesListMessages.newTitle} size="narrow">
        {open ? (
          <NewQuoteForm
            job={{ id: job.id, label: `${job.name} (${job.customerName})` }}
            jobChoices={[]}
            onJobSearch={() => {}}
            create={create}
            onCreated={(quote) => {
              setOpen(false);
              addToast(quotesListMessages.created(quote.number), { type: 'success' });
              onCreated(quote);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}

/**
 * The sheet's form. It keeps the job it started from (`base`): a newer job arriving meanwhile (a
 * revalidation) changes neither the fields nor the version the save names, so a save made over
 * someone else's is a 409 that loses nothing typed; « Recharger l'affaire » then starts again from
 * the stored job.
 */
function JobEditor({ job, ...props }: Omit<JobSheetViewProps, 'job'> & { job: BusinessJobDetail }) {
  const [base, setBase] = useState(job);
  const [generation, setGeneration] = useState(0);
  return (
    <section className={shared.panel} aria-labelledby="job-edit">
      <h2 id="job-edit" className={shared.sectionTitle}>
        {m.editTitle}
      </h2>
      <JobForm
        key={`${base.id}-${generation}`}
        mode="edit"
        initialValues={jobToForm(base)}
        owners={props.owners}
        customerChoices={props.customerChoices}
        customersLoading={props.customersLoading}
        onCustomerSearch={props.onCustomerSearch}
        save={async (input) => {
          setBase(await props.onSave(base, changedJobFields(base, input)));
          addToast(m.saved, { type: 'success' });
        }}
        onReload={async () => {
          try {
            setBase(await props.onReload(base.id));
            setGeneration((count) => count + 1);
          } catch (error) {
            logger.warn('Error reloading business job', { error, labels: { businessId: base.id } });
          }
        }}
      />
    </section>
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

export function JobSheetView({ job, ...props }: JobSheetViewProps) {
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
  const { createQuote, onQuoteCreated } = props;
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
        <div className={shared.actions}>
          {createQuote && onQuoteCreated ? (
            <NewQuoteButton job={job} create={createQuote} onCreated={onQuoteCreated} />
          ) : null}
          <RouteLink to={clientPaths.deals} className={shared.link}>
            {m.backToList}
          </RouteLink>
        </div>
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
      </section>

      <JobEditor key={job.id} job={job} {...props} />

      <SheetTable id="job-quotes" title={m.quotes} empty={m.noQuotes} rows={job.quotes.length}>
        <thead>
          <tr>
            <th scope="col">N°</th>
            <th scope="col">{m.quoteTitle}</th>
            <th scope="col">Date</th>
            <th scope="col">{m.quoteValidUntil}</th>
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
              <td>
                <RouteLink to={quotePath(quote.id)} className={shared.link}>
                  {quote.number}
                </RouteLink>
              </td>
              <td>{quote.title}</td>
              <td>{formatIsoDate(quote.date)}</td>
              <td>{quote.validUntil ? formatIsoDate(quote.validUntil) : '—'}</td>
              <td>
                <QuoteStatusChip status={quote.status} />
              </td>
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

/**
 * The deal sheet (`/affaires/{businessId}`): its fields (all editable), quotes, invoices, payments,
 * reception date and retainage. The job comes from the data layer, keyed on the address.
 */
export function JobSheet({ businessId }: { businessId: string }) {
  const { data, error } = useStore($job);
  const users = useStore($companyUsers).data?.data;
  const customers = useCustomerChoices();
  let job: Loaded = 'loading';
  // Not digits: no job can have that id (the store has no key for it and loads nothing).
  if (!/^\d+$/.test(businessId)) job = 'notFound';
  else if (data) job = data.data;
  else if (error) job = error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed';
  return (
    <JobSheetView
      job={job}
      owners={ownerChoices(users, typeof job === 'object' ? job : undefined)}
      customerChoices={customers.choices}
      customersLoading={customers.loading}
      onCustomerSearch={customers.onSearch}
      onSave={(from, changes) => saveJob(from, changes)}
      onReload={reloadJob}
      createQuote={createQuoteDraft}
      onQuoteCreated={(quote) => $router.open(quotePath(quote.id))}
    />
  );
}
