import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { validationMessages } from '../../i18n/validationMessages';
import { defaultGroupsQuery, type GroupsListQuery } from './applicationsStores';
import { MeasureGroupsView, NewGroupForm } from './MeasureGroups';
import { groupDetail, groupRows } from './testing/measureFixtures';

const jobs = {
  choices: [{ id: 3, label: 'Réaménagement fournil Mercier (Boulangerie Mercier)' }],
  loading: false,
  onSearch: () => {},
};

function ListHarness({ onQuery }: { onQuery: (changes: Partial<GroupsListQuery>) => void }) {
  const [query, setQuery] = useState(defaultGroupsQuery('pix4d'));
  return (
    <MeasureGroupsView
      application="pix4d"
      page={{ data: groupRows, info: { hits: 60 } }}
      loading={false}
      failed={false}
      query={query}
      onQuery={(changes) => {
        onQuery(changes);
        setQuery((current) => ({ ...current, page: 0, ...changes }));
      }}
      onRetry={() => {}}
      onNew={() => {}}
      jobs={jobs}
    />
  );
}

describe('measure groups list', () => {
  it('shows each group with its job, count, totals in French with their units, and its date', () => {
    render(<ListHarness onQuery={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Groupes de mesures Pix4D');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toBe(
      'Toiture-terrasse bâtiment ARéaménagement fournil Mercier486,4\u00a0m · 1\u202f234,5\u00a0m²26/11/202620/11/2026',
    );
    expect(rows[1]?.textContent).toBe('Terrassement parking—2312,75\u00a0m³—18/11/2026');
    expect(
      screen.getByRole('link', { name: 'Ouvrir le groupe Toiture-terrasse bâtiment A' }).getAttribute('href'),
    ).toContain('/applications/pix4d/groupes-mesures/12');
  });

  it('searches after a pause, filters by job, sorts by date and pages', async () => {
    const onQuery = vi.fn();
    render(<ListHarness onQuery={onQuery} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un groupe' }), 'toit');
    await waitFor(() => expect(onQuery).toHaveBeenCalledWith({ q: 'toit' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Affaire' }));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onQuery).toHaveBeenCalledWith({
      job: { id: 3, label: 'Réaménagement fournil Mercier (Boulangerie Mercier)' },
    });

    await userEvent.click(screen.getByRole('button', { name: /Créé le/ }));
    expect(onQuery).toHaveBeenCalledWith({ sort: 'date' });

    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
  });

  it('offers « Nouveau groupe de mesures » when there is no group yet', () => {
    const onNew = vi.fn();
    render(
      <MeasureGroupsView
        application="sema"
        page={{ data: [], info: { hits: 0 } }}
        loading={false}
        failed={false}
        query={defaultGroupsQuery('sema')}
        onQuery={() => {}}
        onRetry={() => {}}
        onNew={onNew}
        jobs={jobs}
      />,
    );
    expect(screen.getByText('Aucun groupe de mesures pour le moment.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Nouveau groupe de mesures' })).toHaveLength(2);
  });
});

describe('« Nouveau groupe de mesures »', () => {
  it('asks for a name, then creates the group of the application with its job', async () => {
    const create = vi.fn(async () => groupDetail);
    const onCreated = vi.fn();
    render(
      <NewGroupForm
        application="pix4d"
        jobs={jobs}
        create={create}
        onCreated={onCreated}
        onCancel={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Créer le groupe' }));
    expect(screen.getByText(validationMessages.required)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Nom du groupe/ }));
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: /Nom du groupe/ }), ' Toiture bâtiment A ');
    await userEvent.click(screen.getByRole('combobox', { name: 'Affaire' }));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le groupe' }));
    expect(create).toHaveBeenCalledWith({
      application: 'pix4d',
      name: 'Toiture bâtiment A',
      businessJobId: 3,
    });
    expect(onCreated).toHaveBeenCalledWith(groupDetail);
  });

  it('keeps what was typed when the server refuses', async () => {
    const create = vi.fn(async () => {
      throw new ApiError(500, 'internal_error');
    });
    render(
      <NewGroupForm application="sema" jobs={jobs} create={create} onCreated={vi.fn()} onCancel={() => {}} />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Nom du groupe/ }), 'Charpente');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le groupe' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Nom du groupe/ }) as HTMLInputElement).value).toBe(
      'Charpente',
    );
    expect(create).toHaveBeenCalledWith({ application: 'sema', name: 'Charpente', businessJobId: null });
  });
});
