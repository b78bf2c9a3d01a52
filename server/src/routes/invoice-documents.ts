/**
 * An invoice's documents (issue 10): the Factur-X PDF (a draft: the PROVISOIRE preview) and the CII
 * XML alone. Same tenant rules as every endpoint: the company is the token's, another company's
 * invoice is a 404. Drawing is server/src/documents.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { markReleased } from '../invoicing/invoices.js';
import { bearerSecurity, ErrorSchema, jsonContent as json } from '../schemas/common.js';
import { IdParams } from '../schemas/invoicing.js';
import { readErrors } from './invoicing-responses.js';

/** The PDF machinery (pdf-lib, fontkit, xmlbuilder2) loads on the first document asked, not at start-up. */
const documents = () => import('../documents/invoice-document.js');
const renderers = () => import('../documents/pdf-renderer.js');

const tags = ['Factures'];
const base = '/v2/companies/{enterprise_id}/invoices/{id}';
const binary = (type: string, description: string) => ({
  content: { [type]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
  description,
});

/**
 * `?preview=1`: the invoice editor's own preview. Any other read of a validated invoice's PDF (the
 * download link, the ZIP of Mes factures) releases it: it may now be in the customer's hands, so it
 * is never reverted again (issue 18; invoicing/invoices.ts, markReleased).
 */
const PdfQuery = z.object({
  preview: z
    .enum(['1', 'true'], { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'preview', in: 'query' }, description: "1: the editor's preview" }),
});

const pdfRoute = createRoute({
  method: 'get',
  path: `${base}/pdf`,
  tags,
  summary:
    'The invoice as PDF: Factur-X (PDF/A-3 with factur-x.xml, EN 16931) when validated, the PROVISOIRE preview of a draft; without ?preview=1 a validated invoice is marked as sent (never reverted again)',
  security: bearerSecurity,
  request: { params: IdParams, query: PdfQuery },
  responses: {
    200: binary('application/pdf', 'The PDF (attachment, named after the number)'),
    ...readErrors,
    503: json(
      ErrorSchema,
      'document_unavailable: not drawn within its time and memory bounds, or every PDF worker busy',
    ),
  },
});

const xmlRoute = createRoute({
  method: 'get',
  path: `${base}/factur-x.xml`,
  tags,
  summary:
    'The CII XML (Factur-X profile EN 16931) of a validated invoice (marks it as sent: never reverted again)',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: {
    200: binary('application/xml', 'The XML'),
    ...readErrors,
    409: json(ErrorSchema, 'invoice_not_validated (a draft has no number, hence no XML)'),
  },
});

/** RFC 6266: a plain ASCII name and its UTF-8 form. */
const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

export function invoiceDocumentsRoutes({ db, pdfRenderer, log }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(pdfRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    // Marked before drawing: a revert either came first (a draft is drawn) or waits for the mark.
    if (!c.req.valid('query').preview)
      await db.withTenant(companyId, (tx) => markReleased(tx, companyId, id));
    const { InvoiceNotFoundError, renderInvoicePdf } = await documents();
    const { DocumentRenderUnavailable } = await renderers();
    try {
      const { filename, bytes } = await renderInvoicePdf(db, companyId, id, pdfRenderer);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachment(filename),
        'cache-control': 'private, no-store',
      });
    } catch (error) {
      if (error instanceof InvoiceNotFoundError) return apiError(c, 'not_found');
      if (error instanceof DocumentRenderUnavailable) {
        log.log('warn', 'pdf-unavailable', { companyId, invoiceId: id, error: error.message });
        return apiError(c, 'document_unavailable');
      }
      throw error;
    }
  });
  app.openapi(xmlRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    await db.withTenant(companyId, (tx) => markReleased(tx, companyId, id));
    const { InvoiceNotFoundError, renderInvoiceXml } = await documents();
    try {
      const xml = await renderInvoiceXml(db, companyId, id);
      if (xml === null) return apiError(c, 'invoice_not_validated');
      return c.body(xml, 200, {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': 'attachment; filename="factur-x.xml"',
        'cache-control': 'private, no-store',
      });
    } catch (error) {
      if (error instanceof InvoiceNotFoundError) return apiError(c, 'not_found');
      throw error;
    }
  });
  return app;
}
