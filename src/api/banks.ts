import * as v from 'valibot';
import { type BankData, bankTextFields } from '../contract/banks';
import { getJson, postJson } from './client';

/** Field lists and rules are the shared contract's (src/contract/banks.ts); answers are parsed here. */
const bankSchema = v.object({
  id: v.number(),
  ...(Object.fromEntries(bankTextFields.map((name) => [name, v.string()])) as Record<
    (typeof bankTextFields)[number],
    v.StringSchema<undefined>
  >),
  isDefault: v.boolean(),
  /** Grows at each save; an edit names the version it started from (409 stale_version otherwise). */
  version: v.number(),
});
/** A bank as the API answers it (stored values, which older rows may not fit the contract). */
export type Bank = v.InferOutput<typeof bankSchema>;

/** What the bank form sends. */
export type BankInput = BankData;
/** An edit: the version it started from and the changed fields only. */
export type BankChanges = Partial<BankInput> & { version: number };

const bankAnswer = v.object({ data: bankSchema });
const banksAnswer = v.object({ data: v.array(bankSchema) });

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
  await postJson(`${banksPath(enterpriseId)}/${id}/delete`, v.object({ data: v.object({ id: v.number() }) }));
}
