import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bank } from '../../api/banks';
import { $session } from '../../session/session';
import { BankJournalExportScreen, InvoicingExportsScreen } from './ExportScreens';
import { ExportsElement } from './ExportsElement';

const banks = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock('../../api/banks', () => ({ listBanks: () => Promise.resolve(banks.rows) }));

afterEach(() => {
  banks.rows = [];
});

describe('BankJournalExportScreen', () => {
  it('without any bank, says to add one instead of showing a download that cannot start', async () => {
    $session.set({ ...$session.get(), enterpriseId: 1 });
    render(<BankJournalExportScreen />);
    expect(
      await screen.findByText("Aucune banque n'est enregistrée : ajoutez-en une dans Gestion des banques."),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Export du journal de banque' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with banks, offers them and the download', async () => {
    banks.rows = [{ id: 7, name: 'Crédit Agricole' } as Bank];
    $session.set({ ...$session.get(), enterpriseId: 1 });
    render(<BankJournalExportScreen />);
    expect(await screen.findByRole('option', { name: 'Crédit Agricole' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger le journal de banque (CSV)' })).toBeTruthy();
  });
});

describe('« Exports de facturation » and <bo-exports> (issue 25: the five exports reachable)', () => {
  it('the SPA screen leads to the three payments exports beside the sales journal and the FEC', () => {
    $session.set({ ...$session.get(), enterpriseId: 1 });
    render(<InvoicingExportsScreen />);
    const links = screen.getByRole('navigation', { name: 'Exports des règlements' });
    expect(
      [...links.querySelectorAll('a')].map((link) => [link.textContent, new URL(link.href).pathname]),
    ).toEqual([
      ['Export du journal de banque', '/facturation/reglements/export-journal-banque'],
      ['Export du bordereau de remise de chèques', '/facturation/reglements/export-bordereau-remise-cheque'],
      ['Export de la TVA collectée', '/facturation/reglements/export-tva-collectee'],
    ]);
    expect(screen.getByRole('form', { name: 'Journal des ventes' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Fichier des écritures comptables (FEC)' })).toBeTruthy();
  });

  it('the element shows the five forms in place, and one with its kind', async () => {
    banks.rows = [{ id: 7, name: 'Crédit Agricole' } as Bank];
    $session.set({ ...$session.get(), enterpriseId: 1 });
    const { rerender } = render(<ExportsElement />);
    for (const name of [
      'Export du journal de banque',
      'Export du bordereau de remise de chèques',
      'Export de la TVA collectée',
      'Journal des ventes',
      'Fichier des écritures comptables (FEC)',
    ]) {
      expect(await screen.findByRole('heading', { name })).toBeTruthy();
    }
    // All five on one page: no links to the pages of three of them.
    expect(screen.queryByRole('navigation', { name: 'Exports des règlements' })).toBeNull();
    rerender(<ExportsElement kind="collected-vat" />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Export de la TVA collectée',
    ]);
  });
});
