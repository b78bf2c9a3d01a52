import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import {
  CustomerRecordView,
  type CustomerRecordViewProps,
} from '../../src/features/customers/sheet/CustomerRecord';
import type { RecordList } from '../../src/features/customers/sheet/customerRecordStores';
import {
  emptyRecord,
  fullRecord,
  type RecordAnswers,
} from '../../src/features/customers/testing/recordFixtures';

interface RecordStoryProps {
  answers: RecordAnswers;
  /** Lists whose load failed (with « Réessayer »). */
  failed?: readonly (RecordList | 'overview')[];
  /** How many quotes the customer has in all (more than a page shows the pager). */
  quoteHits?: number;
}

/** The customer sheet's figures and documents (issue 26) on given answers; the pagers move in place. */
function RecordStory({ answers, failed = [], quoteHits }: RecordStoryProps) {
  const [pages, setPages] = useState<CustomerRecordViewProps['pages']>({
    jobs: 0,
    quotes: 0,
    invoices: 0,
    payments: 0,
  });
  const rows = <Row,>(list: RecordList, page: { data: Row[]; info: { hits?: number } }, hits?: number) =>
    failed.includes(list)
      ? { rows: undefined, failed: true }
      : { rows: page.data, hits: hits ?? page.info.hits, loading: false, failed: false };
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <h1>Fiche client : SCI Les Terrasses du Rhône</h1>
      <CustomerRecordView
        overview={{
          data: failed.includes('overview') ? undefined : answers.overview,
          failed: failed.includes('overview'),
        }}
        jobs={rows('jobs', answers.jobs)}
        quotes={rows('quotes', answers.quotes, quoteHits)}
        invoices={rows('invoices', answers.invoices)}
        payments={rows('payments', answers.payments)}
        pages={pages}
        onPage={(list, page) => setPages({ ...pages, [list]: page })}
        onRetry={() => {}}
      />
    </div>
  );
}

const meta: Meta<typeof RecordStory> = { title: 'Customers/Sheet record', component: RecordStory };
export default meta;
type Story = StoryObj<typeof RecordStory>;

/** What the customer owes (of which overdue), its job, quotes, invoices and payments. */
export const WithDocuments: Story = { args: { answers: fullRecord } };
/** A new customer: every figure at 0, each list says what is missing. */
export const WithoutDocuments: Story = { args: { answers: emptyRecord } };
/** More quotes than a page: the pager under the list. */
export const ManyQuotes: Story = { args: { answers: fullRecord, quoteHits: 25 } };
/** The figures and the payments could not be loaded: each says so, with « Réessayer ». */
export const LoadFailed: Story = { args: { answers: fullRecord, failed: ['overview', 'payments'] } };
