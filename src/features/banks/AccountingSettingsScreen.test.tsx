/** « Gestion comptabilité »: account numbers are digits, refused in French on the form as on the server. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountingSettings } from '../../api/accounting';
import { accountingInputSchema, defaultAccountingSettings } from '../../contract/accounting';
import { $session } from '../../session/session';
import { clearToasts } from '../../ui/toasts/toastStore';
import { AccountingSettingsPanel } from './AccountingSettingsScreen';

const message =
  'Un numéro de compte ne contient que des chiffres (3 à 20), le premier étant la classe du plan comptable (1 à 8).';

beforeEach(() => {
  clearToasts();
  $session.set({ ...$session.get(), isAdmin: true, userId: 1, enterpriseId: 1 });
});

describe('account numbers', { timeout: 30_000 }, () => {
  const settings: AccountingSettings = { ...defaultAccountingSettings, version: 2 };

  it('« NaN » as the customer account is refused under the field, nothing sent, what was typed kept', async () => {
    const save = vi.fn(async (input: Record<string, unknown>) => ({ ...settings, ...input, version: 3 }));
    render(<AccountingSettingsPanel settings={settings} save={save} onSaved={vi.fn()} />);
    const customer = screen.getByRole('textbox', { name: 'Numéro de compte client' });
    await userEvent.clear(customer);
    await userEvent.type(customer, 'NaN');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(customer).toHaveProperty('value', 'NaN');
    await userEvent.clear(customer);
    await userEvent.type(customer, '411100');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ customerAccount: '411100', version: 2 }));
  });

  it('offers the advances (4191) and reverse-charge accounts with their defaults', () => {
    render(<AccountingSettingsPanel settings={settings} save={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Compte des acomptes reçus' })).toHaveProperty(
      'value',
      '419100',
    );
    expect(screen.getByRole('textbox', { name: 'Compte des ventes autoliquidées' })).toHaveProperty(
      'value',
      '706300',
    );
  });

  it('the contract the server also parses with: digits of the chart only, its first a class 1 to 8', () => {
    const check = (customerAccount: string) =>
      accountingInputSchema.safeParse({ ...defaultAccountingSettings, customerAccount }).success;
    for (const good of ['411', '411000', '41100000000000000000']) expect(check(good), good).toBe(true);
    for (const bad of [
      'NaN',
      '41',
      '411CLI',
      '011000',
      '911000',
      '411 000x',
      '-411000',
      '4110000000000000000000',
    ])
      expect(check(bad), bad).toBe(false);
  });
});
