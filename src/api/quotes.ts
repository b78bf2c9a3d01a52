/** Quotes (devis), as server/src/schemas/invoicing.ts defines them; invoices are made from them. */
import * as v from 'valibot';
import { getJson } from './client';
import { invoiceSummarySchema, isoDate, lockSchema, queryString } from './invoices';

export const quoteStatuses = ['draft', 'sent', 'accepted', 'refused'] as const;

export const quoteSchema = v.object({
  id: v.number(),
  version: v.number(),
  number: v.string(),
  title: v.string(),
  date: isoDate,
  status: v.picklist(quoteStatuses),
  businessJobId: v.number(),
  businessJobName: v.string(),
  customerId: v.number(),
  customerName: v.string(),
  totalExclTaxCents: v.number(),
  totalVatCents: v.number(),
  totalInclTaxCents: v.number(),
  /** Net excl. tax invoiced so far (validated and PROVISOIRE invoices, credit notes deducted). */
  invoicedExclTaxCents: v.number(),
});
export type Quote = v.InferOutput<typeof quoteSchema>;

const quoteLineSchema = v.object({
  id: v.number(),
  position: v.number(),
  chapter: v.string(),
  label: v.string(),
  unit: v.string(),
  quantityMilli: v.number(),
  unitPriceCents: v.number(),
  vatRateId: v.number(),
  vatBasisPoints: v.number(),
  totalExclTaxCents: v.number(),
  invoicedExclTaxCents: v.number(),
  /** Cumulative progress invoiced so far (10000 = all of the line). */
  invoicedBasisPoints: v.number(),
});
export type QuoteLine = v.InferOutput<typeof quoteLineSchema>;

const quoteDetailSchema = v.object({
  ...quoteSchema.entries,
  chapters: v.array(v.object({ title: v.string(), lines: v.array(quoteLineSchema) })),
  invoices: v.array(invoiceSummarySchema),
  /** The quote's PROVISOIRE invoice (only one may exist). */
  provisionalInvoiceId: v.nullable(v.number()),
  lock: lockSchema,
});
export type QuoteDetail = v.InferOutput<typeof quoteDetailSchema>;

const quotesPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/quotes`;

export async function getQuote(enterpriseId: number, id: number): Promise<QuoteDetail> {
  return (await getJson(`${quotesPath(enterpriseId)}/${id}`, v.object({ data: quoteDetailSchema }))).data;
}

const quotePageAnswer = v.object({ data: v.array(quoteSchema), info: v.object({ hits: v.number() }) });

export function listQuotes(
  enterpriseId: number,
  query: {
    status?: (typeof quoteStatuses)[number];
    businessJobId?: number;
    limit?: number;
    offset?: number;
  } = {},
) {
  return getJson(`${quotesPath(enterpriseId)}${queryString(query)}`, quotePageAnswer);
}
