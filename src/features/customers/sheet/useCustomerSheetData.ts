import { useEffect, useState } from 'react';
import {
  type Customer,
  type CustomerSettings,
  getCustomer,
  getCustomerSettings,
} from '../../../api/customers';
import { ApiError } from '../../../api/errors';
import { logger } from '../../../logging/logger';

export type SheetData =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'loaded'; customer: Customer | null; settings: CustomerSettings | null };

/**
 * The customer (none for a new one) and the company's general defaults. The defaults only enrich
 * the labels: their failure is logged and the form still works.
 */
export function useCustomerSheetData(enterpriseId: number | null, customerId: number | null) {
  const [data, setData] = useState<SheetData>({ status: 'loading' });
  /** Bumped to load again (the sheet after a stale save). */
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (enterpriseId === null) return;
    let current = true;
    setData({ status: 'loading' });
    const settings = getCustomerSettings(enterpriseId).catch((error: unknown) => {
      logger.warn('Error getting customer settings', { error });
      return null;
    });
    const customer = customerId === null ? Promise.resolve(null) : getCustomer(enterpriseId, customerId);
    Promise.all([customer, settings]).then(
      ([loadedCustomer, loadedSettings]) => {
        if (current) setData({ status: 'loaded', customer: loadedCustomer, settings: loadedSettings });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setData({ status: 'notFound' });
        else {
          logger.error('Error getting customer', { error, labels: { customerId } });
          setData({ status: 'failed' });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [enterpriseId, customerId, loads]);
  const reload = () => setLoads((count) => count + 1);
  return [data, setData, reload] as const;
}
