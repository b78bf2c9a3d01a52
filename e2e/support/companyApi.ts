import { expect, type Page } from '@playwright/test';
import { PLATFORM } from '../playwright.config';
import { accessToken } from './signIn';

/**
 * Company 1's API as the signed-in page calls it (its token): how a spec makes its data (a job, a
 * quote, an invoice) without going through screens that other specs test. Each call expects 200
 * and answers `data`.
 */
export async function companyApi(page: Page) {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const base = `${PLATFORM}/v2/companies/1`;
  async function dataOf<T>(answer: Awaited<ReturnType<Page['request']['get']>>): Promise<T> {
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { data: T }).data;
  }
  return {
    get: <T>(path: string) => page.request.get(`${base}${path}`, { headers }).then((a) => dataOf<T>(a)),
    post: <T>(path: string, data: unknown) =>
      page.request.post(`${base}${path}`, { headers, data }).then((a) => dataOf<T>(a)),
    /** The id of the company's VAT rate at `basisPoints` (2000 = 20 %). */
    async vatRateId(basisPoints: number): Promise<number> {
      const rates = await this.get<{ id: number; basisPoints: number }[]>('/vat-rates');
      const rate = rates.find((r) => r.basisPoints === basisPoints);
      if (!rate) throw new Error(`No VAT rate at ${basisPoints} basis points`);
      return rate.id;
    },
  };
}
