import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { serverErrorMessages } from '../../i18n/serverErrors';
import { ApplicationHomeView, ApplicationsView } from './ApplicationsScreen';
import type { Application } from './api';
import { pix4dConnected, pix4dNotConnected, semaNotConnected } from './testing/measureFixtures';

function renderList(applications: Application[] = [pix4dNotConnected, semaNotConnected]) {
  const onConnect = vi.fn(async (type: Application['type']) => ({
    application: { ...pix4dConnected, type },
    apiKey: 'bo_pix4d_7Fq2-secret-key-shown-once',
  }));
  const onDisconnect = vi.fn(async () => pix4dNotConnected);
  render(
    <ApplicationsView
      applications={applications}
      failed={false}
      onRetry={() => {}}
      onConnect={onConnect}
      onDisconnect={onDisconnect}
    />,
  );
  return { onConnect, onDisconnect };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Mes applications', () => {
  it('shows both applications with their state, last data and group count', () => {
    renderList([semaNotConnected, pix4dConnected]);
    // Pix4D first, whatever the answer's order.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Pix4D', 'SEMA']);
    expect(within(card('Pix4D')).getByText('02/11/2026')).toBeTruthy();
    expect(within(card('Pix4D')).getByText('26/11/2026')).toBeTruthy();
    expect(
      within(card('Pix4D')).getByRole('link', { name: '3 groupes de mesures' }).getAttribute('href'),
    ).toContain('/applications/pix4d/groupes-mesures');
    // The key in use: its first characters, its creation and last use (the revoked one is on the home).
    expect(
      within(card('Pix4D')).getByText('créée le 02/11/2026, utilisée le 26/11/2026', { exact: false }),
    ).toBeTruthy();
    expect(within(card('Pix4D')).queryByText(/bo_pix4d_K1x9/)).toBeNull();
    expect(within(card('SEMA')).getByText('Non connectée')).toBeTruthy();
    expect(within(card('SEMA')).getByText('Aucune donnée reçue')).toBeTruthy();
    expect(within(card('SEMA')).getByText('0 groupe de mesures')).toBeTruthy();
  });

  it('connects: the key is shown once with a copy button and the warning, and is gone once closed', async () => {
    const { onConnect } = renderList();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Connecter Pix4D' }));
    expect(onConnect).toHaveBeenCalledWith('pix4d');
    const dialog = await screen.findByRole('dialog', { name: 'Pix4D est connectée' });
    expect((within(dialog).getByLabelText("Clé d'API") as HTMLTextAreaElement).value).toBe(
      'bo_pix4d_7Fq2-secret-key-shown-once',
    );
    expect(within(dialog).getByRole('note').textContent).toContain('elle ne sera plus jamais affichée');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copier la clé' }));
    expect(writeText).toHaveBeenCalledWith('bo_pix4d_7Fq2-secret-key-shown-once');
    await userEvent.click(within(dialog).getByRole('button', { name: "J'ai copié la clé" }));
    await waitFor(() => expect(screen.queryByText('bo_pix4d_7Fq2-secret-key-shown-once')).toBeNull());
    expect(screen.queryByDisplayValue('bo_pix4d_7Fq2-secret-key-shown-once')).toBeNull();
  });

  it('disconnects only after the confirmation', async () => {
    const { onDisconnect } = renderList([pix4dConnected, semaNotConnected]);
    await userEvent.click(within(card('Pix4D')).getByRole('button', { name: 'Déconnecter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déconnecter Pix4D ?' });
    expect(dialog.textContent).toContain('Vos groupes de mesures et leurs mesures sont conservés.');
    expect(onDisconnect).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Déconnecter Pix4D' }));
    expect(onDisconnect).toHaveBeenCalledWith('pix4d');
  });

  it('leaves connecting to an administrator: a user reads why there is no button', () => {
    render(
      <ApplicationsView
        applications={[pix4dConnected, semaNotConnected]}
        failed={false}
        onRetry={() => {}}
        isAdmin={false}
        onConnect={vi.fn()}
        onDisconnect={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(
      screen.getAllByText(
        "Seul un administrateur de l'entreprise peut connecter ou déconnecter une application.",
      ),
    ).toHaveLength(2);
  });

  it('says why a connection was refused', async () => {
    const onConnect = vi.fn(async () => {
      throw new ApiError(403, 'admin_required');
    });
    render(
      <ApplicationsView
        applications={[pix4dNotConnected, semaNotConnected]}
        failed={false}
        onRetry={() => {}}
        onConnect={onConnect}
        onDisconnect={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Connecter SEMA' }));
    expect((await screen.findByRole('alert')).textContent).toBe(serverErrorMessages.admin_required);
  });
});

describe("an application's home", () => {
  it('lists its keys with their creation date and last use, never the key itself', () => {
    render(
      <ApplicationHomeView
        type="pix4d"
        application={pix4dConnected}
        failed={false}
        onRetry={() => {}}
        onConnect={vi.fn()}
        onDisconnect={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pix4D');
    const table = screen.getByRole('table', { name: "Clés d'API" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'bo_pix4d_7Fq2…02/11/202626/11/2026Active',
      'bo_pix4d_K1x9…12/10/2026Jamais utiliséeRévoquée le 02/11/2026',
    ]);
    expect(screen.getByRole('link', { name: 'Voir les groupes de mesures Pix4D' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Importer des mesures' })).toBeTruthy();
  });

  it('asks before a new key replaces the one in use', async () => {
    const onConnect = vi.fn(async () => ({ application: pix4dConnected, apiKey: 'bo_pix4d_new' }));
    render(
      <ApplicationHomeView
        type="pix4d"
        application={pix4dConnected}
        failed={false}
        onRetry={() => {}}
        onConnect={onConnect}
        onDisconnect={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Régénérer la clé' }));
    const dialog = await screen.findByRole('dialog', { name: 'Régénérer la clé' });
    expect(onConnect).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Régénérer la clé' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvelle clé Pix4D' })).toBeTruthy();
    expect(screen.getByDisplayValue('bo_pix4d_new')).toBeTruthy();
  });
});
