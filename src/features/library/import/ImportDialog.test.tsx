import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { ImportPreview, ImportResult, UploadOptions } from '../../../api/libraryImport';
import { importPreviewSchema } from '../../../contract/libraryImport';
import { $session, resetSession } from '../../../session/session';

const api = vi.hoisted(() => ({
  previewLibraryImport: vi.fn(),
  runLibraryImport: vi.fn(),
  loadStarterLibrary: vi.fn(),
}));
vi.mock('../../../api/libraryImport', () => api);

const stores = vi.hoisted(() => ({ empty: null as unknown as ReturnType<typeof atom<boolean | null>> }));
vi.mock('./importStores', async () => {
  const { atom: makeAtom } = await import('nanostores');
  stores.empty = makeAtom<boolean | null>(false);
  return { $libraryEmpty: stores.empty, libraryChanged: vi.fn() };
});

const { ImportDialog } = await import('./ImportDialog');

const mapping = { code: 0, designation: 1, unit: 2, price: 3, family: null };

/** A preview as the server answers it: parsed with the contract's schema, so that it cannot drift. */
const preview = (changes: Partial<ImportPreview> = {}): ImportPreview =>
  importPreviewSchema.parse({
    format: 'csv',
    encoding: 'windows-1252',
    separator: ';',
    columns: ['Référence', 'Libellé', 'Unité', 'Prix HT', 'Remise'],
    mapping,
    missing: [],
    lines: 3,
    rows: [
      {
        line: 2,
        values: { code: 'VIS-1', designation: 'Vis à bois', unit: 'boîte', price: '12,50', family: null },
        priceCents: 1250,
        action: 'create',
        errors: [],
      },
      {
        line: 3,
        values: { code: 'CHE-8', designation: 'Cheville', unit: 'sachet', price: '3,4', family: null },
        priceCents: 340,
        action: 'update',
        errors: [],
      },
      {
        line: 4,
        values: { code: 'F-1', designation: '=1+1', unit: 'u', price: 'douze', family: null },
        priceCents: null,
        action: null,
        errors: ['Prix « douze » illisible : écrivez un nombre, par exemple 12,50.'],
      },
    ],
    counts: { create: 1, update: 1, rejected: 1 },
    errors: [
      {
        line: 4,
        field: 'price',
        message: 'Prix « douze » illisible : écrivez un nombre, par exemple 12,50.',
      },
    ],
    ...changes,
  });

const csv = (size?: number) => {
  const file = new File(['Référence;Libellé;Unité;Prix HT\n'], 'tarif.csv', { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: false, scopes: [] });
  stores.empty.set(false);
});
afterEach(() => {
  resetSession();
  vi.clearAllMocks();
});

const chooseFile = async (file: File) => {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Fichier de la liste de prix'), file);
  return user;
};

describe('ImportDialog', () => {
  it('previews the chosen file: columns pre-filled, first lines, errors per line in French', async () => {
    api.previewLibraryImport.mockResolvedValue(preview());
    render(<ImportDialog open onClose={() => {}} />);
    const file = csv();
    await chooseFile(file);
    expect(await screen.findByRole('combobox', { name: /Code/ })).toHaveProperty('value', '0');
    expect(api.previewLibraryImport).toHaveBeenCalledWith(1, file, null, expect.anything());
    expect(screen.getByRole('combobox', { name: /Désignation/ })).toHaveProperty('value', '1');
    expect(screen.getByRole('combobox', { name: /Prix d'achat HT/ })).toHaveProperty('value', '3');
    expect(screen.getByRole('combobox', { name: /Famille/ })).toHaveProperty('value', '');
    // The product's one table: named by its caption, each line named by its number.
    const table = screen.getByRole('table', { name: 'Aperçu des 3 premières lignes sur 3 lignes' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '3', '4']);
    expect(within(table).getByRole('columnheader', { name: 'Action' })).toBeTruthy();
    expect(within(table).getByText('Vis à bois')).toBeTruthy();
    expect(within(table).getByText(/^12,50\s€$/)).toBeTruthy();
    expect(within(table).getByText('Création')).toBeTruthy();
    expect(within(table).getByText('Mise à jour')).toBeTruthy();
    expect(within(table).getByText('Refusée')).toBeTruthy();
    expect(screen.getByText('1 élément à créer, 1 à mettre à jour, 1 ligne refusée.')).toBeTruthy();
    expect(
      screen.getByText('Ligne 4 : Prix « douze » illisible : écrivez un nombre, par exemple 12,50.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importer 2 lignes' })).toHaveProperty('disabled', false);
  });

  it('asks the server again when a column is changed, with the new mapping', async () => {
    api.previewLibraryImport.mockResolvedValueOnce(preview());
    render(<ImportDialog open onClose={() => {}} />);
    const file = csv();
    const user = await chooseFile(file);
    const family = await screen.findByRole('combobox', { name: /Famille/ });
    api.previewLibraryImport.mockResolvedValueOnce(preview({ mapping: { ...mapping, family: 4 } }));
    await user.selectOptions(family, 'E · Remise');
    await waitFor(() =>
      expect(api.previewLibraryImport).toHaveBeenLastCalledWith(
        1,
        file,
        { ...mapping, family: 4 },
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Famille/ })).toHaveProperty('value', '4'),
    );
  });

  it('says which required column is missing, and cannot import until it is chosen', async () => {
    api.previewLibraryImport.mockResolvedValue(
      preview({
        mapping: { ...mapping, price: null },
        missing: ['price'],
        counts: { create: 0, update: 0, rejected: 0 },
      }),
    );
    render(<ImportDialog open onClose={() => {}} />);
    await chooseFile(csv());
    expect(await screen.findByText("Choisissez la colonne : Prix d'achat HT.")).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Importer/ })).toHaveProperty('disabled', true);
  });

  it('imports with a progress bar, then says what was created, updated and refused', async () => {
    api.previewLibraryImport.mockResolvedValue(preview());
    let finish: (result: ImportResult) => void = () => {};
    let progress: UploadOptions['onProgress'];
    api.runLibraryImport.mockImplementation(
      (_company: number, _file: File, _mapping: unknown, options: UploadOptions) =>
        new Promise<ImportResult>((resolve) => {
          progress = options.onProgress;
          finish = resolve;
        }),
    );
    render(<ImportDialog open onClose={() => {}} />);
    const file = csv();
    const user = await chooseFile(file);
    await user.click(await screen.findByRole('button', { name: 'Importer 2 lignes' }));
    expect(api.runLibraryImport).toHaveBeenCalledWith(1, file, mapping, expect.anything());
    progress?.(0.45);
    const bar = await screen.findByRole('progressbar', { name: "Progression de l'import" });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('45'));
    expect(screen.getByText('Envoi du fichier : 45 %')).toBeTruthy();
    progress?.(1);
    expect(await screen.findByText('Import en cours…')).toBeTruthy();
    finish({ created: 1, updated: 1, unchanged: 0, rejected: 1, errors: preview().errors });
    expect(
      await screen.findByText(
        'Import terminé : 1 élément créé, 1 élément mis à jour, 0 élément inchangé, 1 ligne refusée.',
      ),
    ).toBeTruthy();
    // The dialog's own close button, and the one under the result.
    expect(screen.getAllByRole('button', { name: 'Fermer' })).toHaveLength(2);
  });

  it('refuses a file over 20 Mo before sending it', async () => {
    render(<ImportDialog open onClose={() => {}} />);
    await chooseFile(csv(20 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toContain('Ce fichier dépasse 20 Mo');
    expect(api.previewLibraryImport).not.toHaveBeenCalled();
  });

  it("shows the server's French sentence for a file it cannot read", async () => {
    api.previewLibraryImport.mockRejectedValue(new ApiError(422, 'import_file_unreadable'));
    render(<ImportDialog open onClose={() => {}} />);
    await chooseFile(csv());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ce fichier ne se lit ni comme un CSV ni comme un classeur Excel .xlsx',
    );
    // The file can be chosen again.
    expect(screen.getByLabelText('Fichier de la liste de prix')).toHaveProperty('disabled', false);
  });

  it('offers the starter library when the library is empty, and only then', async () => {
    api.loadStarterLibrary.mockResolvedValue(246);
    stores.empty.set(true);
    const { unmount } = render(<ImportDialog open onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Charger la bibliothèque de démarrage' }));
    expect(api.loadStarterLibrary).toHaveBeenCalledWith(1);
    expect(await screen.findByText('La bibliothèque de démarrage est chargée : 246 éléments.')).toBeTruthy();
    unmount();
    stores.empty.set(false);
    render(<ImportDialog open onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Charger la bibliothèque de démarrage' })).toBeNull();
  });
});
