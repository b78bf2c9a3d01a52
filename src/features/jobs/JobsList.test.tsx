import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessJob } from '../../api/businessJobs';
import { JobsListView } from './JobsList';

const job = (id: number, ownerName: string | null): BusinessJob => ({
  id,
  version: 1,
  name: `Affaire ${id}`,
  customerId: id,
  customerName: `Client ${id}`,
  siteAddress: '',
  deliveryDate: null,
  retainageBasisPoints: 0,
  ownerUserId: ownerName ? id : null,
  ownerName,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('jobs list', () => {
  it('names each job’s owner, a dash without one', () => {
    render(
      <JobsListView
        title="Mes affaires"
        state={{ data: [job(1, 'Lucas Bernard'), job(2, null)], info: { hits: 2 } }}
        q=""
        page={0}
        onSearch={() => {}}
        onPage={() => {}}
        onRetry={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Mes affaires' });
    expect(within(table).getByRole('columnheader', { name: 'Responsable' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[3]!.textContent).toBe('Lucas Bernard');
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('—');
  });
});
