/**
 * What the payments tests share: a company's API called as a user (JSON in, status and JSON out)
 * and calendar days counted from an ISO date.
 */
import type { Harness } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by the tests.
export type Json = any;

/** `iso` moved by `days` (negative: earlier), as an ISO date. */
export const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Calls `/v2/companies/{company}{path}` with a user's token (`defaultToken()` unless given): the
 * harness and token are read at each call, as tests set them up in beforeAll.
 */
export function companyApi(harness: () => Harness, defaultToken: () => string) {
  return async (method: 'GET' | 'POST', path: string, json?: unknown, as = defaultToken(), company = 1) => {
    const response = await harness().request(method, `/v2/companies/${company}${path}`, {
      token: as,
      ...(json !== undefined ? { json } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
}

/** The body of a simple invoice of `units` hours at 100,00 € HT (120,00 € TTC each at 20 %). */
export const hoursInvoice = (input: {
  customerId: number;
  businessJobId?: number | undefined;
  units: number;
  vatRateId: number;
  date: string;
}) => ({
  kind: 'simple',
  customerId: input.customerId,
  ...(input.businessJobId ? { businessJobId: input.businessJobId } : {}),
  date: input.date,
  lines: [
    {
      label: 'Pose',
      unit: 'h',
      quantityMilli: input.units * 1000,
      unitPriceCents: 10_000,
      vatRateId: input.vatRateId,
    },
  ],
});
