/**
 * What the preferences pages show, through the data layer (src/api/query.ts): one store per
 * resource, keyed on the session's company, loaded when a page reads it. After a save the page puts
 * the server's answer in its store (`settingsSaved`) and every other reader of the resource on the
 * page loads again: the price library's copy of the costs, the reports' fiscal year, the library's
 * VAT rates, the invoice settings' bank chooser.
 *
 * Each key ends in `#settings`: these stores hold what src/api's fetch functions return, and another
 * area's store of the same path holds the whole answer (one key, one value).
 */
import type { FetcherStore } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { getAccountingSettings } from '../../api/accounting';
import { listBanks } from '../../api/banks';
import { getDocumentLogos, getDocumentSettings, getSendingSettings } from '../../api/documentSettings';
import {
  getAccount,
  getCompanySettings,
  getCostSettings,
  getCustomerCodeSettings,
  listVatRates,
} from '../../api/preferences';
import { $companyPath, createCompanyStore, invalidateKeys } from '../../api/query';
import { listUsers } from '../../api/users';
import { logger } from '../../logging/logger';

const OWN_KEY = '#settings';

function settingsStore<T>(path: string, load: (enterpriseId: number) => Promise<T>) {
  return createCompanyStore(`${path}${OWN_KEY}`, load, {
    // A form is open on what was read: coming back to the tab must not swap its values (or their
    // version) under what is being typed. A stale save says so (409) and offers « Recharger ».
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    onError: (error) => logger.error('Error getting settings', { error, labels: { path } }),
  });
}

export const $companySettings = settingsStore('/settings/company', getCompanySettings);
export const $costSettings = settingsStore('/settings/costs', getCostSettings);
export const $customerCodeSettings = settingsStore('/settings/customer-code', getCustomerCodeSettings);
export const $vatRates = settingsStore('/vat-rates', listVatRates);
export const $users = settingsStore('/users', async (enterpriseId) => (await listUsers(enterpriseId)).data);
/** The signed-in user's own account (keyed on the company too: asked once the session is known). */
export const $account = settingsStore('/account', () => getAccount());
export const $documentSettings = settingsStore('/settings/documents', getDocumentSettings);
export const $sendingSettings = settingsStore('/settings/sending', getSendingSettings);
export const $documentLogos = settingsStore('/settings/logos', getDocumentLogos);
export const $banks = settingsStore('/banks', listBanks);
export const $accountingSettings = settingsStore('/settings/accounting', getAccountingSettings);

/** The other readers of the store's resource (its path without `#settings`) load again. */
function othersChanged($store: FetcherStore): void {
  const own = $store.key;
  if (own === undefined || $companyPath.get() === null) return;
  const resource = own.slice(0, -OWN_KEY.length);
  invalidateKeys((key) => key !== own && key.startsWith(resource));
}

/** A save answered `saved`: the page shows it, and the resource's other readers load again. */
export function settingsSaved<T>($store: FetcherStore<T>, saved: T): void {
  $store.mutate(saved);
  othersChanged($store);
}

/** A change the answer does not hold whole (a list after one of its rows changed): all load again. */
export function settingsChanged($store: FetcherStore): void {
  $store.revalidate();
  othersChanged($store);
}

export interface SettingsView<T> {
  /** What the page shows: the answer, or while it is asked again, the one shown before. */
  data: T | undefined;
  error: unknown;
  /** Asks again (« Réessayer » after a failed load, « Recharger » after a stale save). */
  reload: () => void;
}

/**
 * A settings store as a page reads it. A reload keeps what is on screen until the new answer comes
 * (no flash of the loading heading), as long as it is the same key (never another company's).
 */
export function useSettings<T>($store: FetcherStore<T>): SettingsView<T> {
  const { data, error, loading } = useStore($store);
  const shown = useRef<{ key: string | undefined; data: T } | null>(null);
  if (data !== undefined) shown.current = { key: $store.key, data };
  const kept = loading && shown.current?.key === $store.key ? shown.current?.data : undefined;
  return { data: data ?? kept, error, reload: () => $store.revalidate() };
}
