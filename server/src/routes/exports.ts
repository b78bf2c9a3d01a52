/**
 * Accounting exports (issue 11): bank journal, cheque remittance slip, collected VAT, sales journal
 * and FEC. Any member of the company may export. Everything is checked before the first byte (a
 * refusal is a JSON error with its status); then the file streams page by page (exports/rows.ts).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AccountingData } from '../../../src/contract/accounting.js';
import { boundedDate } from '../../../src/contract/fields.js';
import type { Database } from '../db/database.js';
import { banks, companies } from '../db/schema.js';
import { fecFilename } from '../domain/accountingEntries.js';
import { accountingSettingsOf } from '../exports/accounting-settings.js';
import { chequeSlipHeader, chequeSlipPdf, chequeSlipRecords } from '../exports/cheque-slip.js';
import { csvChunks, textStream } from '../exports/csv.js';
import { numberNewEntries } from '../exports/entry-numbers.js';
import {
  bankJournalRecords,
  collectedVatHeader,
  collectedVatRecords,
  exportSettings,
  fecChunks,
  journalHeader,
  salesAccountsOf,
  salesJournalRecords,
} from '../exports/journals.js';
import { latin9Stream } from '../exports/latin9.js';
import { paymentsByIds } from '../exports/rows.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { todayInFrance } from '../invoicing/today.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { idParam } from '../schemas/fields.js';
import { CompanyUsersParams } from '../schemas/users.js';

const day = (name: string, description: string) =>
  boundedDate(z.iso.date({ error: (issue) => (issue.input === undefined ? 'required' : 'date') })).openapi({
    param: { name, in: 'query' },
    description,
    example: name === 'from' ? '2026-01-01' : '2026-12-31',
  });

const PeriodQuery = z.object({
  from: day('from', 'First day of the period (yyyy-MM-dd), included'),
  to: day('to', 'Last day of the period (yyyy-MM-dd), included'),
});

const BankJournalQuery = PeriodQuery.extend({
  bankId: idParam().openapi({ param: { name: 'bankId', in: 'query' }, example: 1 }),
});

const FecQuery = PeriodQuery.extend({
  format: z
    .enum(['pipe', 'tab'], { error: 'invalid' })
    .default('pipe')
    .openapi({ param: { name: 'format', in: 'query' }, description: 'Field separator: | or tab' }),
});

/** The most cheques one slip takes (a bank's slip holds far fewer; this only bounds the request). */
const MAX_CHEQUES = 500;

const ChequeRemittanceQuery = z.object({
  ids: z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'string') })
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'invalid')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_CHEQUES && ids.every((id) => id >= 1 && id <= 2147483647), 'invalid')
    .openapi({
      param: { name: 'ids', in: 'query' },
      description: 'The received cheques (payment ids), comma-separated',
      example: '1,2,3',
    }),
  format: z
    .enum(['pdf', 'csv'], { error: 'invalid' })
    .default('pdf')
    .openapi({ param: { name: 'format', in: 'query' } }),
});

const fileResponse = (type: string, description: string) => ({
  content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } },
  description,
});

const csvFile = fileResponse(
  'text/csv',
  'CSV for French Excel: ;, UTF-8 with BOM, decimal comma, dd/MM/yyyy',
);
const periodRefused = json(ErrorSchema, 'validation (fields) or export_period_invalid (from after to)');

const exportRoute = <Q extends typeof PeriodQuery | typeof BankJournalQuery>(
  path: string,
  summary: string,
  query: Q,
  extra: object = {},
) =>
  createRoute({
    method: 'get',
    path: `/v2/companies/{enterprise_id}/exports/${path}`,
    tags: ['Exports'],
    summary,
    security: bearerSecurity,
    request: { params: CompanyUsersParams, query },
    responses: {
      200: csvFile,
      401: errorResponses[401],
      403: errorResponses[403],
      422: periodRefused,
      ...extra,
    },
  });

const bankJournalRoute = exportRoute(
  'bank-journal',
  "The bank journal of a period for one bank (CSV): each payment debits the bank's account and credits the customer's",
  BankJournalQuery,
  { 404: errorResponses[404] },
);
const salesJournalRoute = exportRoute(
  'sales-journal',
  'The sales journal of a period (CSV): validated invoices, deposits and credit notes',
  PeriodQuery,
);
const collectedVatRoute = exportRoute(
  'collected-vat',
  'VAT due per month, regime and rate (CSV): on receipts (payments received), on debits (invoices issued under the debits option, or goods), reverse charge apart at 0 % (AE)',
  PeriodQuery,
);
const fecRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/exports/fec',
  tags: ['Exports'],
  summary:
    'Fichier des écritures comptables (article A47 A-1 du LPF): 18 columns, | or tab, ISO 8859-15; every journal in the order of validation; {SIREN}FEC{closing date}.txt for a fiscal year, {SIREN}FEC-extrait_{from}-{to}.txt for any other period',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: FecQuery },
  responses: {
    200: fileResponse('text/plain', 'The FEC, ISO 8859-15, one line per entry line'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: periodRefused,
  },
});
const chequeRemittanceRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/exports/cheque-remittance',
  tags: ['Exports'],
  summary: 'The remittance slip of the chosen received cheques (PDF or CSV)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: ChequeRemittanceQuery },
  responses: {
    200: {
      content: {
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
        'text/csv': { schema: z.string() },
      },
      description: 'The slip',
    },
    401: errorResponses[401],
    403: errorResponses[403],
    404: json(ErrorSchema, 'payment_not_found: an id is not a payment of the company'),
    422: json(ErrorSchema, 'validation: ids not all cheques (ids: invalid), or of several banks'),
  },
});

/** A streamed file; `no-store`: an export is personal data, no cache keeps it. */
function fileAnswer(
  c: Context,
  body: ReadableStream<Uint8Array> | Uint8Array,
  type: string,
  filename: string,
) {
  return c.body(body as ReadableStream, 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}

/** A CSV export: the header, then the pages of records as they come (csv.ts neutralises every cell). */
const csvAnswer = (
  c: Context,
  header: readonly string[],
  pages: Parameters<typeof csvChunks>[1],
  filename: string,
) => fileAnswer(c, textStream(csvChunks(header, pages)), 'text/csv; charset=utf-8', filename);

async function settingsAndAccounts(db: Database, companyId: number) {
  return db.withTenant(companyId, async (tx) => {
    const settings: AccountingData = exportSettings(await accountingSettingsOf(tx, companyId));
    return { settings, accounts: await salesAccountsOf(tx, companyId, settings) };
  });
}

export function exportsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(bankJournalRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { from, to, bankId } = c.req.valid('query');
    if (from > to) return apiError(c, 'export_period_invalid');
    const [bank] = await db.withTenant(companyId, (tx) =>
      tx
        .select({ id: banks.id })
        .from(banks)
        .where(and(eq(banks.companyId, companyId), eq(banks.id, bankId))),
    );
    if (!bank) return apiError(c, 'not_found');
    const { settings } = await settingsAndAccounts(db, companyId);
    const records = bankJournalRecords(db, companyId, { from, to, bankId }, settings);
    return csvAnswer(c, journalHeader, records, `journal-banque_${from}_${to}.csv`);
  });

  app.openapi(salesJournalRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { from, to } = c.req.valid('query');
    if (from > to) return apiError(c, 'export_period_invalid');
    const { settings, accounts } = await settingsAndAccounts(db, companyId);
    const records = salesJournalRecords(db, companyId, { from, to }, settings, accounts);
    return csvAnswer(c, journalHeader, records, `journal-ventes_${from}_${to}.csv`);
  });

  app.openapi(collectedVatRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { from, to } = c.req.valid('query');
    if (from > to) return apiError(c, 'export_period_invalid');
    // The totals are made while the payments stream by; the answer (a few lines) follows.
    const records = await collectedVatRecords(db, companyId, { from, to });
    return csvAnswer(c, collectedVatHeader, [records], `tva-collectee_${from}_${to}.csv`);
  });

  app.openapi(fecRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { from, to, format } = c.req.valid('query');
    if (from > to) return apiError(c, 'export_period_invalid');
    const { settings, accounts } = await settingsAndAccounts(db, companyId);
    // Entries validated since the last FEC get their numbers now (once; entry-numbers.ts).
    const [company] = await db.withTenant(companyId, async (tx) => {
      await numberNewEntries(tx, companyId);
      return tx.select({ siret: companies.siret }).from(companies).where(eq(companies.id, companyId));
    });
    const chunks = fecChunks(db, companyId, { from, to }, format, settings, accounts);
    const fiscalYear = { start: settings.fiscalYearStart, end: settings.fiscalYearEnd };
    return fileAnswer(
      c,
      latin9Stream(chunks),
      'text/plain; charset=ISO-8859-15',
      fecFilename(company?.siret ?? '', { from, to }, fiscalYear),
    );
  });

  app.openapi(chequeRemittanceRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { ids, format } = c.req.valid('query');
    const cheques = await paymentsByIds(db, companyId, ids);
    if (cheques.length !== ids.length) return apiError(c, 'payment_not_found');
    if (cheques.some((cheque) => cheque.mode !== 'check'))
      return apiError(c, 'validation', { fields: { ids: 'invalid' } });
    // One slip, one bank: cheques paid into several banks are remitted on several slips.
    const bankIds = new Set(cheques.map((cheque) => cheque.bankId));
    if (bankIds.size > 1) return apiError(c, 'validation', { fields: { ids: 'invalid' } });
    const [bankId] = bankIds;
    const { companyName, bank } = await db.withTenant(companyId, async (tx) => {
      const [company] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      const [row] = bankId
        ? await tx
            .select({
              name: banks.name,
              iban: banks.iban,
              bic: banks.bic,
              accountingNumber: banks.accountingNumber,
            })
            .from(banks)
            .where(and(eq(banks.companyId, companyId), eq(banks.id, bankId)))
        : [];
      return { companyName: company?.name ?? '', bank: row ?? null };
    });
    const date = todayInFrance();
    const slip = { companyName, bank, date, cheques };
    if (format === 'csv')
      return csvAnswer(
        c,
        chequeSlipHeader,
        [chequeSlipRecords(slip)],
        `bordereau-remise-cheques_${date}.csv`,
      );
    return fileAnswer(
      c,
      await chequeSlipPdf(slip),
      'application/pdf',
      `bordereau-remise-cheques_${date}.pdf`,
    );
  });

  return app;
}
