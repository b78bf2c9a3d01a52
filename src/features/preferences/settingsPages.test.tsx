/** The settings pages over the data layer (settingsStores.ts), against a fake API. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $companyPath, createApiStore, invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { accountingSettingsSchema, defaultAccountingSettings } from '../../contract/accounting';
import { serverErrorMessages } from '../../i18n/serverErrors';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { clearToasts } from '../../ui/toasts/toastStore';
import { AccountingSettingsScreen } from '../banks/AccountingSettingsScreen';
import { preferencesMessages } from './form/messages';
import { CustomerCodePage } from './pages/CustomerCodePage';

const codePath = '/v2/companies/1/settings/customer-code';

describe('settings pages over their stores', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: true, scopes: [] });
    clearToasts();
    invalidateKeys(() => true);
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('loads under its heading, says a failed load with « Réessayer », and a stale save reloads on demand', async () => {
    let stored = { prefix: '', digits: 5, nextValue: 1, nextCode: '00001', version: 1 };
    let refuse = true;
    mockFetch({
      [`GET ${codePath}`]: () =>
        refuse ? { status: 500, body: { error: { key: 'internal' } } } : { body: { data: stored } },
      [`POST ${codePath}`]: ({ body }) => {
        if ((body as { version: number }).version !== stored.version)
          return { status: 409, body: { error: { key: 'stale_version' } } };
        stored = { ...stored, ...(body as object), version: stored.version + 1 };
        return { body: { data: stored } };
      },
    });
    render(<CustomerCodePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Format du code client' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(preferencesMessages.loadFailed);
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    const prefix = await screen.findByLabelText('Préfixe');

    // Someone else saves meanwhile: this save is refused, what is typed stays until « Recharger ».
    stored = { ...stored, prefix: 'AB-', nextCode: 'AB-00001', version: 2 };
    await userEvent.type(prefix, 'CL-');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(serverErrorMessages.stale_version);
    expect(screen.getByLabelText('Préfixe')).toHaveProperty('value', 'CL-');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    await waitFor(() => expect(screen.getByLabelText('Préfixe')).toHaveProperty('value', 'AB-'));
  });

  it('a day typed in the French date field is saved, and the other readers of the settings see it', async () => {
    let stored = { ...defaultAccountingSettings, version: 3 };
    const { calls } = mockFetch({
      'GET /v2/companies/1/settings/accounting': () => ({ body: { data: stored } }),
      'POST /v2/companies/1/settings/accounting/edit': ({ body }) => {
        stored = { ...stored, ...(body as object), version: stored.version + 1 };
        return { body: { data: stored } };
      },
    });
    // Another element of the page reading the same settings (the reports' fiscal year).
    const $fiscalYear = createApiStore(
      z.object({ data: accountingSettingsSchema.pick({ fiscalYearStart: true }) }),
      [$companyPath, '/settings/accounting'],
    );
    const stop = $fiscalYear.listen(() => {});
    render(<AccountingSettingsScreen />);
    const start = await screen.findByRole('textbox', { name: "Début de l'exercice" });
    await userEvent.clear(start);
    // The slashes come as the digits are typed.
    await userEvent.type(start, '01072026');
    expect(start).toHaveProperty('value', '01/07/2026');
    await userEvent.type(screen.getByRole('textbox', { name: "Fin de l'exercice" }), '30062027');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect($fiscalYear.get().data?.data.fiscalYearStart).toBe('2026-07-01'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      fiscalYearStart: '2026-07-01',
      fiscalYearEnd: '2027-06-30',
      version: 3,
    });
    // The page shows what the save answered, without asking again.
    expect(calls.filter((call) => call.url.endsWith('/settings/accounting'))).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: "Début de l'exercice" })).toHaveProperty(
      'value',
      '01/07/2026',
    );
    stop();
  });
});
