/**
 * The documents' logos (Formats page): the header logo is the company logo (company-settings.ts,
 * admin only); the footer logo is a second stored image with the same size, pixel and type rules,
 * stored reduced to its box, and the same serving headers (an SVG never inline). It prints on every
 * invoice the company issues, as the company logo does: an administrator changes it (403
 * admin_required otherwise), every member reads it. The PDF draws both (documents/invoice-pdf.ts).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { documentLogosSchema } from '../../../src/contract/documentSettings.js';
import { logoRules } from '../../../src/contract/preferences.js';
import { requireAdmin } from '../auth/caller.js';
import type { Tx } from '../db/database.js';
import { companyFiles } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import {
  companyFileOf,
  logoPurposes,
  readLogoUpload,
  serveCompanyFile,
  storeCompanyFile,
} from '../preferences/logo.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { named } from '../schemas/fields.js';
import { CompanyUsersParams as CompanyParams } from '../schemas/users.js';

const tags = ['Réglages'];
const footerPath = '/v2/companies/{enterprise_id}/footer-logo';
const imageContent = Object.fromEntries(
  logoRules.contentTypes.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
);

const DocumentLogosSchema = named(documentLogosSchema, 'DocumentLogos');
const logosAnswer = json(z.object({ data: DocumentLogosSchema }), "The documents' logos");

const getLogos = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/settings/logos',
  tags,
  summary: "The documents' logos: the addresses of the header (company) logo and the footer logo",
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: { 200: logosAnswer, 401: errorResponses[401], 403: errorResponses[403] },
});

const uploadFooterLogo = createRoute({
  method: 'post',
  path: footerPath,
  tags,
  summary: `Upload the documents' footer logo: the file's bytes as the body (PNG, JPEG, GIF, WebP or SVG, ${logoRules.maxBytes / 1024} KiB and ${logoRules.maxSide} px a side, ${logoRules.maxPixels} px in all at most; stored reduced to the size the documents print; admin only)`,
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: CompanyParams, body: { required: true, content: imageContent } },
  responses: {
    200: logosAnswer,
    401: errorResponses[401],
    403: errorResponses[403],
    413: json(ErrorSchema, 'file_too_large: over the bytes, or over the pixels its header declares'),
    415: json(ErrorSchema, 'unsupported_file_format: the bytes are not one of the accepted images'),
  },
});

const getFooterLogo = createRoute({
  method: 'get',
  path: footerPath,
  tags,
  summary: 'The footer logo (nosniff, sandboxed; an SVG is an attachment, never inline)',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: { content: imageContent, description: 'The footer logo bytes' },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const removeFooterLogo = createRoute({
  method: 'post',
  path: `${footerPath}/delete`,
  tags,
  summary: 'Remove the footer logo (the documents have none after it; admin only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: CompanyParams },
  responses: { 200: logosAnswer, 401: errorResponses[401], 403: errorResponses[403] },
});

/** Each address carries the file's id: a new upload is a new address (no stale cached image). */
async function logosOf(tx: Tx, companyId: number): Promise<z.infer<typeof DocumentLogosSchema>> {
  const [header, footer] = await Promise.all([
    companyFileOf(tx, companyId, logoPurposes.header),
    companyFileOf(tx, companyId, logoPurposes.footer),
  ]);
  return {
    logo: header ? `/v2/companies/${companyId}/logo?v=${header.id}` : null,
    footerLogo: footer ? `/v2/companies/${companyId}/footer-logo?v=${footer.id}` : null,
  };
}

export function documentLogosRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getLogos, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => logosOf(tx, companyId)) }, 200);
  });

  app.openapi(uploadFooterLogo, async (c) => {
    const { companyId } = c.get('caller');
    const upload = await readLogoUpload(c, logoPurposes.footer);
    if (!upload.ok) return apiError(c, upload.key);
    const data = await db.withTenant(companyId, async (tx) => {
      await storeCompanyFile(tx, companyId, logoPurposes.footer, upload);
      return logosOf(tx, companyId);
    });
    return c.json({ data }, 200);
  });

  app.openapi(getFooterLogo, (c) => serveCompanyFile(c, db, logoPurposes.footer));

  app.openapi(removeFooterLogo, async (c) => {
    const { companyId } = c.get('caller');
    const data = await db.withTenant(companyId, async (tx) => {
      await tx
        .delete(companyFiles)
        .where(and(eq(companyFiles.companyId, companyId), eq(companyFiles.purpose, logoPurposes.footer)));
      return logosOf(tx, companyId);
    });
    return c.json({ data }, 200);
  });

  return app;
}
