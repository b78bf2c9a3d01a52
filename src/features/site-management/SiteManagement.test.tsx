import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { $siteJob } from './api';
import { BudgetFigures, PurchaseFileButton, WeekForm } from './SiteManagement';
import {
  budgetFixture,
  overBudgetFixture,
  planningFixture,
  purchasesFixture,
  weekFixture,
} from './testing/siteFixtures';

const saveTimeEntries = vi.hoisted(() => vi.fn(async () => []));
const file = vi.hoisted(() => ({ filename: 'facture-fournisseur-ubl.xml', blob: new Blob(['<x/>']) }));
const fetchPurchaseFile = vi.hoisted(() => vi.fn(async () => file));
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  saveTimeEntries,
  fetchPurchaseFile,
}));
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  saveFile,
}));

describe('the weekly timesheet', () => {
  it('sends only the days that changed, at once, in minutes (7,5 → 450; a cleared day → 0)', async () => {
    const user = userEvent.setup();
    render(<WeekForm jobId={3} week="2026-11-16" team={planningFixture.team} entries={weekFixture} />);
    const lucas = screen.getByRole('group', { name: /Lucas Bernard/ });
    expect(lucas.textContent).toContain('Total 22:30 h');
    const boxes = within(lucas).getAllByRole('textbox');
    expect(boxes).toHaveLength(7);
    expect((boxes[0] as HTMLInputElement).value).toBe('7:30');
    await user.clear(boxes[0]!);
    await user.type(boxes[3]!, '7,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les heures de la semaine' }));
    await waitFor(() => expect(saveTimeEntries).toHaveBeenCalledTimes(1));
    expect(saveTimeEntries).toHaveBeenCalledWith(3, {
      entries: [
        { userId: 2, day: '2026-11-16', minutes: 0 },
        { userId: 2, day: '2026-11-19', minutes: 450 },
      ],
    });
  });

  it('says what to type when hours do not read, and sends nothing', async () => {
    saveTimeEntries.mockClear();
    const user = userEvent.setup();
    render(<WeekForm jobId={3} week="2026-11-16" team={planningFixture.team} entries={[]} />);
    await user.type(
      within(screen.getByRole('group', { name: /Camille Petit/ })).getAllByRole('textbox')[0]!,
      '26',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer les heures de la semaine' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Saisissez des heures entre 0 et 24');
    expect(saveTimeEntries).not.toHaveBeenCalled();
  });
});

describe('the budget against actual', () => {
  it('shows the sale, the budget, labour, purchases and the margin as it stands', () => {
    render(<BudgetFigures budget={budgetFixture} />);
    expect(screen.getByText('Marge actuelle').closest('dt')?.nextElementSibling?.textContent).toBe(
      '8\u202f303,50\u00a0€',
    );
    expect(screen.getByText(/1 ligne du devis sans déboursé/)).toBeTruthy();
  });

  it('says a margin eaten by the costs in red', () => {
    render(<BudgetFigures budget={overBudgetFixture} />);
    const margin = screen.getByText('Marge actuelle').closest('dt')?.nextElementSibling;
    expect(margin?.textContent).toBe('-1\u202f037,50\u00a0€');
    expect(margin?.className).not.toBe('');
  });
});

describe("a purchase's kept file", () => {
  it('downloads the file of an import, named by its invoice; a typed purchase has none', async () => {
    $siteJob.set({ id: 3, label: 'Réfection cage' });
    const user = userEvent.setup();
    const imported = purchasesFixture[0]!;
    const { unmount } = render(<PurchaseFileButton purchase={imported} />);
    await user.click(
      screen.getByRole('button', {
        name: 'Télécharger le fichier de la facture LOC-26-00931 (facture-fournisseur-ubl.xml)',
      }),
    );
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file));
    expect(fetchPurchaseFile).toHaveBeenCalledWith(3, imported);
    unmount();
    render(<PurchaseFileButton purchase={{ ...imported, source: 'typed', fileName: null }} />);
    expect(screen.queryByRole('button')).toBeNull();
    $siteJob.set(null);
  });
});
