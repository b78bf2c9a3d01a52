import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { BusinessJob, BusinessJobDetail } from '../../src/api/businessJobs';
import { ApiError } from '../../src/api/errors';
import { newJobForm } from '../../src/features/jobs/form/jobFormSchema';
import { JobSheetView } from '../../src/features/jobs/JobSheet';
import { JobsListView, type JobsPageState } from '../../src/features/jobs/JobsList';
import { jobMessages } from '../../src/features/jobs/messages';
import { NewJobView } from '../../src/features/jobs/NewJob';
import { job } from '../../src/features/jobs/testing/jobFixtures';
import { quoteRow } from '../../src/features/quotes/list/testing/quoteFixtures';

const owners = [
  { id: 1, label: 'Sophie Martin' },
  { id: 2, label: 'Lucas Bernard' },
];
const allCustomers = [
  { id: 8, label: 'Boulangerie Mercier (C008)' },
  { id: 12, label: 'Boucherie Petit (C012)' },
  { id: 42, label: 'SCI Les Terrasses du Rhône (00003)' },
  { id: 43, label: 'M. Julien Moreau (00004)' },
];

/** The combobox's stand-in search: the customers whose label holds what is typed. */
function useCustomerSearch() {
  const [text, setText] = useState('');
  const choices = allCustomers.filter((c) => c.label.toLowerCase().includes(text.trim().toLowerCase()));
  return { customerChoices: choices, onCustomerSearch: setText };
}

/** Submits the first form once shown, so a story can show what a refused save looks like. */
function SubmittedOnce({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('form')?.requestSubmit();
  }, []);
  return <div ref={box}>{children}</div>;
}

type Answer = 'saved' | 'stale' | 'retainagePaid' | 'foreignOwner';

function refusal(answer: Answer): ApiError | null {
  if (answer === 'stale') return new ApiError(409, 'stale_version');
  if (answer === 'retainagePaid') return new ApiError(409, 'retainage_already_paid');
  if (answer === 'foreignOwner') return new ApiError(404, 'not_found');
  return null;
}

interface NewJobStoryProps {
  /** The customer sheet's « Nouvelle affaire »: the customer chosen already. */
  fromCustomer: boolean;
  answer: Answer;
  submitted?: boolean;
}

function NewJobStory({ fromCustomer, answer, submitted = false }: NewJobStoryProps) {
  const search = useCustomerSearch();
  const view = (
    <NewJobView
      initialValues={newJobForm(fromCustomer ? allCustomers[2]! : null, 2)}
      owners={owners}
      {...search}
      onCreate={async (input) => {
        const refused = refusal(answer);
        if (refused) throw refused;
        return { ...job, ...input, id: 99, version: 1 } as BusinessJobDetail;
      }}
      onCreated={() => {}}
    />
  );
  return submitted ? <SubmittedOnce>{view}</SubmittedOnce> : view;
}

interface SheetStoryProps {
  job: BusinessJobDetail;
  answer: Answer;
  /** Clears the reception date once shown, then saves (the refused-save stories). */
  clearedDate?: boolean;
}

function JobSheetStory({ job: stored, answer, clearedDate = false }: SheetStoryProps) {
  const search = useCustomerSearch();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!clearedDate) return;
    const field = box.current?.querySelector<HTMLInputElement>('input[placeholder="JJ/MM/AAAA"]');
    if (!field) return;
    // The change React hears, as if typed: the native setter, then an input event; then the save.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, '');
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const timer = setTimeout(() => field.form?.requestSubmit(), 0);
    return () => clearTimeout(timer);
  }, [clearedDate]);
  const sheet = (
    <JobSheetView
      job={stored}
      owners={owners}
      // The history loads the activity log from the server: not in a story without one.
      history={false}
      {...search}
      onSave={async (from, changes) => {
        const refused = refusal(answer);
        if (refused) throw refused;
        return { ...from, ...changes, version: from.version + 1 };
      }}
      onReload={async () => ({
        ...stored,
        version: stored.version + 1,
        name: `${stored.name} (enregistrée par Sophie)`,
      })}
    />
  );
  return <div ref={box}>{sheet}</div>;
}

const meta: Meta = { title: 'Jobs/Affaires' };
export default meta;

/** « Nouvelle affaire » from the jobs list: nothing chosen, the user as owner. */
export const NewJob: StoryObj<typeof NewJobStory> = {
  render: (args) => <NewJobStory {...args} />,
  args: { fromCustomer: false, answer: 'saved' },
};
/** From a customer sheet: the customer chosen already. */
export const NewJobForCustomer: StoryObj<typeof NewJobStory> = {
  render: (args) => <NewJobStory {...args} />,
  args: { fromCustomer: true, answer: 'saved' },
};
/** Submitted empty: the messages under the name and the customer, the first one focused. */
export const NewJobWithErrors: StoryObj<typeof NewJobStory> = {
  render: (args) => <NewJobStory {...args} />,
  args: { fromCustomer: false, answer: 'saved', submitted: true },
};

/** The job sheet: every field editable, the amounts, quotes, invoices and payments. */
export const JobSheet: StoryObj<typeof JobSheetStory> = {
  render: (args) => <JobSheetStory {...args} />,
  args: { job, answer: 'saved' },
};
/** The reception date cleared although retainage was paid: the server's sentence under the field. */
export const JobSheetRetainagePaid: StoryObj<typeof JobSheetStory> = {
  render: (args) => <JobSheetStory {...args} />,
  args: { job, answer: 'retainagePaid', clearedDate: true },
};
/** Someone else saved first: the typing stays, with « Recharger l’affaire ». */
export const JobSheetStaleSave: StoryObj<typeof JobSheetStory> = {
  render: (args) => <JobSheetStory {...args} />,
  args: { job, answer: 'stale', clearedDate: true },
};
/** A job without reception date, owner, quote nor payment. */
export const JobSheetEmpty: StoryObj<typeof JobSheetStory> = {
  render: (args) => <JobSheetStory {...args} />,
  args: {
    job: {
      ...job,
      deliveryDate: null,
      retainageReleaseDate: null,
      ownerUserId: null,
      ownerName: null,
      invoices: [],
      payments: [],
      quotes: [],
    },
    answer: 'saved',
  },
};
/**
 * Its quotes (issue 26): each opens its editor; the accepted one, partly invoiced, offers its next
 * invoice, and « Reste à facturer » says what it still leaves.
 */
export const JobSheetWithQuotes: StoryObj<typeof JobSheetStory> = {
  render: (args) => <JobSheetStory {...args} />,
  args: {
    job: {
      ...job,
      quotes: [
        quoteRow(8, 'accepted', {
          number: 'DE-2026-00008',
          title: 'Réaménagement fournil',
          totalExclTaxCents: 598_000,
          invoicedExclTaxCents: 179_400,
        }),
        quoteRow(12, 'sent', {
          number: 'DE-2026-00012-B',
          title: 'Option chambre froide',
          validUntil: '2026-12-24',
        }),
        quoteRow(13, 'refused', { number: 'DE-2026-00013', title: 'Vitrine réfrigérée' }),
      ],
    },
    answer: 'saved',
  },
};

const jobRow = (id: number, name: string, customerName: string, ownerName: string | null): BusinessJob => ({
  id,
  version: 1,
  name,
  customerId: id + 10,
  customerName,
  siteAddress: `${id} rue de la République, 69002 Lyon`,
  deliveryDate: id % 3 === 0 ? '2026-02-20' : null,
  retainageBasisPoints: id % 2 === 0 ? 500 : 0,
  ownerUserId: ownerName ? 1 : null,
  ownerName,
  createdAt: `2026-0${1 + (id % 3)}-1${id % 10}T09:00:00Z`,
});
const jobRows = [
  jobRow(1, 'Réaménagement fournil', 'Boulangerie Mercier', 'Sophie Martin'),
  jobRow(2, 'Ravalement façade nord', 'SCI Les Terrasses du Rhône', 'Lucas Bernard'),
  jobRow(3, 'Salle de bains étage', 'M. Julien Moreau', null),
  jobRow(4, 'Vitrine réfrigérée et chambre froide', 'Boucherie Petit', 'Sophie Martin'),
  jobRow(5, 'Extension garage', 'Mme Lefèvre', 'Lucas Bernard'),
];

/** The Affaires list (or Mes affaires) on a given page; the pager moves in place. */
function JobsListStory({ state, title = jobMessages.listTitle }: { state: JobsPageState; title?: string }) {
  const [page, setPage] = useState(0);
  return (
    <JobsListView
      title={title}
      state={state}
      q=""
      page={page}
      onSearch={() => {}}
      onPage={setPage}
      onRetry={() => {}}
    />
  );
}

/** The Affaires list: name, customer, owner, dates, 42 jobs in pages. */
export const JobsList: StoryObj<typeof JobsListStory> = {
  render: () => <JobsListStory state={{ data: jobRows, info: { hits: 42 } }} />,
};

/** « Mes affaires »: the jobs the signed-in user follows. */
export const MyJobs: StoryObj<typeof JobsListStory> = {
  render: () => (
    <JobsListStory
      title={jobMessages.myJobsTitle}
      state={{ data: jobRows.filter((row) => row.ownerName === 'Sophie Martin'), info: { hits: 2 } }}
    />
  ),
};

export const JobsListEmpty: StoryObj<typeof JobsListStory> = {
  render: () => <JobsListStory state={{ data: [], info: { hits: 0 } }} />,
};

export const JobsListFailed: StoryObj<typeof JobsListStory> = {
  render: () => <JobsListStory state="failed" />,
};

/** The list at 800 px (the menu collapses under 1024 px; the table keeps its first columns). */
export const JobsListAt800: StoryObj<typeof JobsListStory> = {
  ...JobsList,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
