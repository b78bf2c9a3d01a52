/**
 * /api/openapi.json (generated from the route schemas) and /api/docs: a self-made HTML page listing
 * the operations, rendered on the server from the same document. Swagger UI would load its assets
 * from a CDN, which the offline demo cannot reach.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { AppConfig } from '../config.js';
import type { AppEnv } from '../http/env.js';
import { escapeHtml } from '../pages/html.js';
import { renderPage } from '../pages/layout.js';

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPIDocument']>;

function openApiDocument(api: OpenAPIHono<AppEnv>, config: AppConfig): OpenApiDocument {
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  // The connector API of « Mes applications » (issue 23): the key shown once at connection.
  api.openAPIRegistry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
  });
  return api.getOpenAPIDocument({
    openapi: '3.0.3',
    info: {
      title: `${config.productName} API`,
      version: '1.0.0',
      description:
        'Reference back-office API. Errors: {error: {key, message?, fields?}}; see docs/api.md for every key.',
    },
    servers: [{ url: config.apiHost }],
  });
}

function docsBody(doc: OpenApiDocument): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(
      item as Record<
        string,
        { summary?: string; tags?: string[]; responses?: Record<string, unknown>; security?: unknown[] }
      >,
    )) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      rows.push(`<tr><td><code>${escapeHtml(method.toUpperCase())}</code></td><td><code>${escapeHtml(path)}</code></td>
        <td>${escapeHtml(operation.summary ?? '')}</td><td>${escapeHtml(Object.keys(operation.responses ?? {}).join(', '))}</td>
        <td>${operation.security?.length ? 'Bearer' : 'aucune'}</td></tr>`);
    }
  }
  return `<p>Document OpenAPI complet : <a href="/api/openapi.json">/api/openapi.json</a>.</p>
    <div class="card"><table>
      <thead><tr><th>Méthode</th><th>Chemin</th><th>Description</th><th>Réponses</th><th>Authentification</th></tr></thead>
      <tbody>${rows.join('')}</tbody>
    </table></div>`;
}

export function apiDocsRoutes(api: OpenAPIHono<AppEnv>, config: AppConfig) {
  const doc = openApiDocument(api, config);
  const app = new Hono<AppEnv>();
  app.get('/api/openapi.json', (c) => c.json(doc));
  app.get('/api/docs', (c) =>
    c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading: "Documentation de l'API",
        body: docsBody(doc),
        elements: false,
      }),
    ),
  );
  return app;
}
