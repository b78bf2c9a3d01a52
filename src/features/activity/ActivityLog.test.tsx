import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActivityLogView, formatOccurredAt } from './ActivityLog';
import { type ActivityLogQuery, activityFilters, emptyActivityQuery } from './activityLog';
import { activityObjectLink, activitySearch } from './api';
import { activityPage, activityRows } from './testing/activityFixtures';

function Harness({
  onQuery = () => {},
  object = null,
  onDownload = () => {},
}: {
  onQuery?: (changes: Partial<ActivityLogQuery>) => void;
  object?: { objectType: 'customer'; objectId: number } | null;
  onDownload?: () => void;
}) {
  const [query, setQuery] = useState(emptyActivityQuery);
  return (
    <ActivityLogView
      page={activityPage}
      loading={false}
      failed={false}
      query={query}
      onQuery={(changes) => {
        onQuery(changes);
        setQuery((current) => ({ ...current, page: 0, ...changes }));
      }}
      onClear={() => setQuery(emptyActivityQuery)}
      onRetry={() => {}}
      users={[
        ['1', 'Sophie Martin'],
        ['2', 'Lucas Bernard'],
      ]}
      object={object}
      onDownload={onDownload}
      downloading={false}
    />
  );
}

describe('activity log', () => {
  it('shows each event with its Paris date and time, who, what, and a link to its object', () => {
    render(<Harness />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toBe(
      '26/11/2026 14:05Sophie MartinFacture repassée en PROVISOIREFacture FA-2026-00017 repassée en PROVISOIREFacture',
    );
    // The customer's link, the system's name, no link to a deleted object.
    expect(rows[2]?.textContent).toContain('Système');
    expect(
      screen
        .getByRole('link', { name: 'Ouvrir : Facture FA-2026-00017 repassée en PROVISOIRE' })
        .getAttribute('href'),
    ).toContain(encodeURIComponent('/facturation/factures/17'));
    expect(screen.getByRole('link', { name: /Règlement de 1\u202f200,00/ }).getAttribute('href')).toContain(
      encodeURIComponent('/facturation/factures/12'),
    );
    expect(screen.queryByRole('link', { name: /Léa Roux supprimé/ })).toBeNull();
    expect(screen.getByRole('navigation', { name: "Pages du journal d'activité" })).toBeTruthy();
  });

  it('filters by user, kind, object and period; « Effacer les filtres » clears them', async () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Utilisateur' }), '2');
    expect(onQuery).toHaveBeenLastCalledWith({ userId: '2' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: "Type d'événement" }),
      'invoice.validated',
    );
    expect(onQuery).toHaveBeenLastCalledWith({ kind: 'invoice.validated' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Objet' }), 'quote');
    expect(onQuery).toHaveBeenLastCalledWith({ objectType: 'quote' });
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect((screen.getByRole('combobox', { name: 'Utilisateur' }) as HTMLSelectElement).value).toBe('');
  });

  it("one object's history has no object filter and says « Historique »", () => {
    render(<Harness object={{ objectType: 'customer', objectId: 30 }} />);
    expect(screen.getByRole('heading', { name: 'Historique' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Objet' })).toBeNull();
  });

  it('downloads the CSV of what is filtered', async () => {
    const onDownload = vi.fn();
    render(<Harness onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger (CSV)' }));
    expect(onDownload).toHaveBeenCalledOnce();
  });
});

describe('activity log helpers', () => {
  it('asks the API for the filters, the object of a history first', () => {
    const query = {
      ...emptyActivityQuery,
      kind: 'quote.sent' as const,
      userId: '2',
      objectType: 'bank' as const,
      from: '2026-11-01',
      to: '2026-11-30',
    };
    expect(activitySearch(activityFilters(query, null), { limit: 50, offset: 50 })).toBe(
      'kind=quote.sent&userId=2&objectType=bank&from=2026-11-01&to=2026-11-30&limit=50&offset=50',
    );
    expect(activitySearch(activityFilters(query, { objectType: 'customer', objectId: 4 }))).toBe(
      'kind=quote.sent&userId=2&objectType=customer&objectId=4&from=2026-11-01&to=2026-11-30',
    );
  });

  it('links each object where it is shown', () => {
    const at = (over: Partial<(typeof activityRows)[number]>) =>
      activityObjectLink({ ...activityRows[0]!, ...over });
    expect(at({ objectType: 'customer', objectId: 3, kind: 'customer.created' })).toContain(
      '/gestion-clients/3',
    );
    expect(at({ objectType: 'business_job', objectId: 4, kind: 'business_job.created' })).toContain(
      '/affaires/4',
    );
    expect(at({ objectType: 'quote', objectId: 5, kind: 'quote.sent' })).toContain('/affaires/devis/5');
    expect(at({ objectType: 'settings', objectId: null, kind: 'settings.updated' })).toBe('/preferences');
    expect(at({ objectType: 'user', objectId: 2, kind: 'user.locked' })).toContain('gestion-utilisateurs');
    expect(at({ objectType: 'bank', objectId: 2, kind: 'bank.deleted' })).toBeNull();
    expect(formatOccurredAt('2026-07-01T22:30:00Z')).toBe('02/07/2026 00:30');
  });
});
