/**
 * A page of a list, written once for both sides (issue 20): `{data: Item[], info}`, where `info` is
 * the count of every row the filters select (`{hits}`) unless the list says more (sums, a count
 * asked apart: invoices, payments). The server declares its lists' answers with it, the client
 * parses them with the same call.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

/** The count of every row the filters select (all pages). */
const hitsInfoSchema = lazy(() => z.object({ hits: z.number().int() }));

export function listPageSchema<Item extends z.ZodType>(
  item: Item,
): z.ZodObject<{
  data: z.ZodArray<Item>;
  info: typeof hitsInfoSchema;
}>;
export function listPageSchema<Item extends z.ZodType, Info extends z.ZodType>(
  item: Item,
  info: Info,
): z.ZodObject<{ data: z.ZodArray<Item>; info: Info }>;
export function listPageSchema(item: z.ZodType, info: z.ZodType = hitsInfoSchema) {
  return z.object({ data: z.array(item), info });
}
