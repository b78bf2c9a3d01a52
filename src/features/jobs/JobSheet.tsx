import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { BusinessJobDetail } from '../../api/businessJobs';
import { ApiError } from '../../api/errors';
import type { QuoteEditorDetail } from '../../api/quotes';
import type { JobInput } from '../../contract/jobs';
import { formatCents, formatIsoDate } from '../../i18n/format';
import { logger } from '../../logging/logger';
import { openPath } from '../../routes/links';
import { clientPaths, quotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import type { ComboboxChoice } from '../../ui/Combobox';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { Modal } from '../../ui/modal/Modal';
import { addToast } from '../../ui/toasts/toastStore';
import * as shared from '../invoices/invoices.css';
import { quotesListMessages } from '../quotes/list/messages';
import { NewQuoteForm } from '../quotes/list/NewQuoteDialog';
import { createQuoteDraft } from '../quotes/list/quotesStores';
import { invoiceColumns, paymentColumns, quoteColumns } from '../records/columns';
import { History } from '../records/History';
import { RecordSection } from '../records/RecordSection';
import { ownerChoices } from './form/choices';
import { JobForm } from './form/JobForm';
import { changedJobFields, jobToForm } from './form/jobFormSchema';
import { useCustomerChoices } from './form/useCustomerChoices';
import { $companyUsers, jobStore, reloadJob, saveJob } from './jobStores';
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
  /** The job's « Historique » (its activity log, loaded by itself); false leaves it out (stories). */
  history?: boolean;
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

/** The job's quotes without the job's name (it is the sheet's), each with its « Facturer » when due. */
const quoteTable = quoteColumns({ withJob: false });
const invoiceTable = invoiceColumns({ withBalance: false });

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
            <dt>{m.toInvoice}</dt>
            <dd className={shared.amount}>{formatCents(amounts.toInvoiceExclTaxCents)} HT</dd>
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

      <RecordSection
        id="job-quotes"
        title={m.quotes}
        empty={m.noQuotes}
        state={{ rows: job.quotes }}
        columns={quoteTable}
        rowKey={(quote) => String(quote.id)}
      />
      <RecordSection
        id="job-invoices"
        title={m.invoices}
        empty={m.noInvoices}
        state={{ rows: job.invoices }}
        columns={invoiceTable}
        rowKey={(invoice) => String(invoice.id)}
      />
      <RecordSection
        id="job-payments"
        title={m.payments}
        empty={m.noPayments}
        state={{ rows: job.payments }}
        columns={paymentColumns}
        rowKey={(payment) => String(payment.id)}
      />
      {props.history === false ? null : <History object={{ objectType: 'business_job', objectId: job.id }} />}
    </div>
  );
}

/**
 * The deal sheet (`/affaires/{businessId}`): its fields (all editable), quotes, invoices, payments,
 * reception date and retainage. The job comes from the data layer, keyed on the id it is given.
 */
export function JobSheet({ businessId }: { businessId: string }) {
  const { data, error } = useStore(jobStore(businessId));
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
      onQuoteCreated={(quote) => openPath(quotePath(quote.id))}
    />
  );
}
