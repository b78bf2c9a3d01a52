import { z } from 'zod';
import { type Bank, type BankData, bankSchema } from '../contract/banks';
import { lazy } from '../contract/lazy';
import { getJson, postJson } from './client';

/**
 * Field lists, rules and the answer's schema are the shared contract's (src/contract/banks.ts):
 * the server declares its answers with the same schema, parsed here at the boundary.
 */
export type { Bank };

/** What the bank form sends. */
export type BankInput = BankData;
/** An edit: the version it started from and the changed fields only. */
export type BankChanges = Partial<BankInput> & { version: number };

const bankAnswer = lazy(() => z.object({ data: bankSchema }));
const banksAnswer = lazy(() => z.object({ data: z.array(bankSchema) }));

const banksPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/banks`;

/** The company's banks, the default first (any member may read them: payment and export choosers). */
export async function listBanks(enterpriseId: number): Promise<Bank[]> {
  return (await getJson(banksPath(enterpriseId), banksAnswer)).data;
}

export async function getBank(enterpriseId: number, id: number): Promise<Bank> {
  return (await getJson(`${banksPath(enterpriseId)}/${id}`, bankAnswer)).data;
}

/** Admin only. The company's first bank becomes its default whatever `isDefault` says. */
export async function createBank(enterpriseId: number, bank: BankInput): Promise<Bank> {
  return (await postJson(banksPath(enterpriseId), bankAnswer, bank)).data;
}

export async function editBank(enterpriseId: number, id: number, changes: BankChanges): Promise<Bank> {
  return (await postJson(`${banksPath(enterpriseId)}/${id}/edit`, bankAnswer, { id, ...changes })).data;
}

/** POST …/delete; 409 `bank_in_use` when payments name the bank. */
export async function deleteBank(enterpriseId: number, id: number): Promise<void> {
  await postJson(`${banksPath(enterpriseId)}/${id}/delete`, z.object({ data: z.object({ id: z.number() }) }));
}
