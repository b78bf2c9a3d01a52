import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bank } from '../../api/banks';
import { $session } from '../../session/session';
import { BankJournalExportScreen } from './ExportScreens';

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
