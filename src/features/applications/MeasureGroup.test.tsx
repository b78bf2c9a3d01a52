import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { serverErrorMessages } from '../../i18n/serverErrors';
import { ImportRefusedError, type MeasureGroupDetail } from './api';
import { MeasureGroupView, type MeasureGroupViewProps } from './MeasureGroup';
import { events, groupDetail } from './testing/measureFixtures';

const jobs = {
  choices: [{ id: 5, label: 'Extension Durand (M. Durand)' }],
  loading: false,
  onSearch: () => {},
};

function renderGroup(props: Partial<MeasureGroupViewProps> = {}) {
  const onSave = vi.fn<MeasureGroupViewProps['onSave']>(async (from, values) => ({
    ...from,
    name: values.name,
    version: from.version + 1,
  }));
  const onImport = vi.fn<MeasureGroupViewProps['onImport']>();
  const view = render(
    <MeasureGroupView
      application="pix4d"
      group={groupDetail}
      events={{ data: events, info: { hits: events.length } }}
      eventsFailed={false}
      onRetryEvents={() => {}}
      onMoreEvents={() => {}}
      jobs={jobs}
      onSave={onSave}
      onReload={async () => groupDetail}
      onImport={onImport}
      {...props}
    />,
  );
  return { onSave: props.onSave ?? onSave, onImport: props.onImport ?? onImport, ...view };
}

const nameField = () => screen.getByRole('textbox', { name: /Nom du groupe/ }) as HTMLInputElement;

describe('a measure group', () => {
  it('shows its measures in French with their units, the totals per kind, its job and its quotes', () => {
    renderGroup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Groupe de mesures : Toiture-terrasse bâtiment A',
    );
    const rows = within(screen.getByRole('table', { name: 'Mesures' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Surface toitureSurface1\u202f004,5\u00a0m²Relevé drone du 26/11',
      'Terrasse accessibleSurface230\u00a0m²—',
      'Acrotère périmètreLongueur86,4\u00a0m—',
    ]);
    const totals = screen.getByRole('region', { name: 'Totaux par type' });
    expect(totals.textContent).toBe('Totaux par typeLongueur86,4\u00a0mSurface1\u202f234,5\u00a0m²');
    expect(
      screen
        .getByRole('link', { name: 'Affaire : Réaménagement fournil Mercier (Boulangerie Mercier)' })
        .getAttribute('href'),
    ).toContain('/affaires/3');
    expect(screen.getByRole('link', { name: 'DE-2026-00012' }).getAttribute('href')).toContain(
      '/affaires/devis/21',
    );
    expect(screen.getByRole('link', { name: "Voir tout l'historique" }).getAttribute('href')).toContain(
      '/applications/pix4d/groupes-mesures/12/events',
    );
  });

  it('saves the name and job from the version it started from', async () => {
    const { onSave } = renderGroup();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Toiture A');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le groupe' }));
    expect(onSave).toHaveBeenCalledWith(groupDetail, { name: 'Toiture A', businessJobId: 3 });
  });

  it('takes in a newer version that changed neither name nor job (an import): the next save names it', async () => {
    const { onSave, rerender } = renderGroup();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Toiture A');
    const imported: MeasureGroupDetail = {
      ...groupDetail,
      version: 4,
      measures: groupDetail.measures.slice(0, 1),
    };
    rerender(
      <MeasureGroupView
        application="pix4d"
        group={imported}
        events={undefined}
        eventsFailed={false}
        onRetryEvents={() => {}}
        onMoreEvents={() => {}}
        jobs={jobs}
        onSave={onSave}
        onReload={async () => imported}
        onImport={vi.fn()}
      />,
    );
    // What was typed stays; the save is made from the newer version.
    expect(nameField().value).toBe('Toiture A');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le groupe' }));
    expect(onSave).toHaveBeenCalledWith(imported, { name: 'Toiture A', businessJobId: 3 });
  });

  it('after someone else saved: the 409 sentence, what was typed stays, « Recharger le groupe » starts again', async () => {
    const stored: MeasureGroupDetail = { ...groupDetail, name: 'Toiture (par Lucas)', version: 4 };
    const onReload = vi.fn(async () => stored);
    renderGroup({
      onSave: async () => {
        throw new ApiError(409, 'stale_version');
      },
      onReload,
    });
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Toiture A');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le groupe' }));
    expect((await screen.findByRole('alert')).textContent).toContain(serverErrorMessages.stale_version);
    expect(nameField().value).toBe('Toiture A');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger le groupe' }));
    await waitFor(() => expect(nameField().value).toBe('Toiture (par Lucas)'));
    expect(onReload).toHaveBeenCalledWith(12);
  });

  it('imports a chosen file and says what was read; the form keeps what was typed', async () => {
    const onImport = vi.fn<MeasureGroupViewProps['onImport']>(async (_id, _file, onProgress) => {
      onProgress(0.5);
      return { format: 'pix4d-geojson', read: 3, added: 1, changed: 2, warnings: [], group: groupDetail };
    });
    renderGroup({ onImport });
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'En cours de saisie');
    // Disabled until a file is chosen, and it says why.
    const importButton = screen.getByRole('button', { name: 'Importer le fichier' });
    expect(importButton).toHaveProperty('disabled', true);
    const why = document.getElementById(importButton.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe("Choisissez d'abord un fichier (ou déposez-le ci-dessus).");
    const file = new File(['{"type":"FeatureCollection"}'], 'toiture.geojson', {
      type: 'application/geo+json',
    });
    await userEvent.upload(screen.getByLabelText('Choisir un fichier', { selector: 'input' }), file);
    expect(screen.getByText(/toiture\.geojson/)).toBeTruthy();
    expect(importButton.getAttribute('aria-describedby')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Importer le fichier' }));
    expect(await screen.findByText('3 mesures lues : 1 ajoutée, 2 modifiées.')).toBeTruthy();
    expect(onImport).toHaveBeenCalledWith(12, file, expect.any(Function));
    expect(nameField().value).toBe('En cours de saisie');
  });

  it("lists a refused file's reasons, keeps the file chosen, and accepts a drop", async () => {
    const onImport = vi.fn<MeasureGroupViewProps['onImport']>(async () => {
      throw new ImportRefusedError(
        422,
        'measure_import_refused',
        ['Ligne 12 : unité inconnue « pieds ».'],
        null,
      );
    });
    renderGroup({ onImport });
    const file = new File(['nom;valeur'], 'export.csv', { type: 'text/csv' });
    fireEvent.drop(screen.getByRole('group', { name: 'Importer un fichier' }), {
      dataTransfer: { files: [file] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Importer le fichier' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Le fichier n'a pas été importé : rien n'a été enregistré.");
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ligne 12 : unité inconnue « pieds ».']);
    expect(screen.getByText(/export\.csv/)).toBeTruthy();
  });

  it('refuses a file over 5 Mo before sending it', async () => {
    const { onImport } = renderGroup();
    const big = new File(['x'], 'gros.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText('Choisir un fichier', { selector: 'input' }), big);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce fichier dépasse 5\u00a0Mo : il ne peut pas être importé.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Importer le fichier' }));
    expect(onImport).not.toHaveBeenCalled();
  });

  it('says when the group is not found', () => {
    renderGroup({ group: 'notFound' });
    expect(screen.getByRole('alert').textContent).toContain("Ce groupe de mesures n'existe pas");
  });
});
