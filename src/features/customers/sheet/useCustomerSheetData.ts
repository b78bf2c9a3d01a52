/**
 * What the customer sheet and the new-customer form read, through the data layer (src/api/query.ts):
 * the customer (none for a new one) and the company's general defaults, each a store keyed on the
 * session's company. The keys end in `#sheet`: these stores hold what src/api's fetch functions
 * return, another store of the same path (the new-job form's customer) the whole answer.
 */
import type { FetcherStore, FetcherValue } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useRef } from 'react';
import {
  type Customer,
  type CustomerSettings,
  getCustomer,
  getCustomerSettings,
} from '../../../api/customers';
import { ApiError } from '../../../api/errors';
import { $companyPath, createCompanyStore, invalidateKeys } from '../../../api/query';
import { logger } from '../../../logging/logger';

/**
 * A form is open on what was read: coming back to the tab must not swap the customer (or its
 * version) under what is being typed. A stale save says so (409) and offers « Recharger la fiche ».
 */
const pinned = { revalidateOnFocus: false, revalidateOnReconnect: false } as const;

/** The defaults only enrich the labels: their failure is logged and the form still works. */
export const $customerSettings = createCompanyStore('/customer-settings#sheet', getCustomerSettings, {
  ...pinned,
  onError: (error) => logger.warn('Error getting customer settings', { error }),
});

const customerStores = new Map<number, FetcherStore<Customer>>();

/** The store of one customer's sheet (made once per customer: a sheet opened again shows it at once). */
export function customerStore(customerId: number): FetcherStore<Customer> {
  let $customer = customerStores.get(customerId);
  if (!$customer) {
    $customer = createCompanyStore(
      `/customers/${customerId}#sheet`,
      (enterpriseId) => getCustomer(enterpriseId, customerId),
      {
        ...pinned,
        // A customer deleted or of another company stays missing: not asked again on its own.
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 404))
            logger.error('Error getting customer', { error, labels: { customerId } });
        },
      },
    );
    customerStores.set(customerId, $customer);
  }
  return $customer;
}

export type SheetData =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'loaded'; customer: Customer | null; settings: CustomerSettings | null };

/** No customer (the new-customer form): nothing to ask. */
const $noCustomer = atom<FetcherValue<Customer | null>>({ data: null, loading: false });

/**
 * The sheet's data: loading until the customer and the defaults answered (the defaults may fail),
 * then what they hold. `reload` asks for the stored customer again (after a stale save); what is
 * shown stays until the answer comes.
 */
export function useCustomerSheetData(customerId: number | null) {
  const $customer = customerId === null ? null : customerStore(customerId);
  const customer: FetcherValue<Customer | null> = useStore($customer ?? $noCustomer);
  const settings = useStore($customerSettings);
  const key = $customer?.key;
  const shown = useRef<{ key: string | undefined; customer: Customer | null } | null>(null);
  if (customer.data !== undefined) shown.current = { key, customer: customer.data };
  // Never another company's customer: only what this very key answered.
  const kept = customer.loading && shown.current?.key === key ? shown.current?.customer : undefined;
  // null is an answer (no customer: the new-customer form), not « not loaded yet ».
  const loadedCustomer = customer.data !== undefined ? customer.data : kept;
  const settingsDone = settings.data !== undefined || settings.error !== undefined;

  let data: SheetData;
  if (loadedCustomer !== undefined && settingsDone)
    data = { status: 'loaded', customer: loadedCustomer, settings: settings.data ?? null };
  else if (loadedCustomer === undefined && customer.error !== undefined)
    data =
      customer.error instanceof ApiError && customer.error.status === 404
        ? { status: 'notFound' }
        : { status: 'failed' };
  else data = { status: 'loading' };

  return {
    data,
    /** A save answered the customer: the sheet shows it, the other readers of customers load again. */
    saved: (saved: Customer) => {
      $customer?.mutate(saved);
      const prefix = $companyPath.get();
      if (prefix !== null)
        invalidateKeys((other) => other !== key && other.startsWith(`${prefix}/customers`));
    },
    reload: () => $customer?.revalidate(),
  };
}
