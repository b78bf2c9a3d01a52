/**
 * The API's operations, read from the generated OpenAPI document: the isolation matrix and the
 * fuzz test walk them, so a new endpoint is tested the day it is declared.
 */
import { createApps } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { testConfig } from './harness.js';

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
}

interface OperationObject {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}

export interface Operation {
  method: 'GET' | 'POST';
  /** OpenAPI form, `/v2/companies/{enterprise_id}/users/{id}/edit`. */
  path: string;
  name: string;
  bearer: boolean;
  /** The connector API of « Mes applications » (issue 23): an application's X-Api-Key only. */
  apiKey: boolean;
  /** Path parameters other than `enterprise_id`, with the collection segment before each. */
  rowParams: { name: string; key: string }[];
  queryParams: { name: string; schema: Schema }[];
  jsonBody: Schema | undefined;
  bodyTypes: string[];
}

/** The document the platform serves, built without a database (nothing here touches it). */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const apps = createApps({ config: testConfig(), db: {} as Database });
  return (await (await apps.platform.request('/api/openapi.json')).json()) as OpenApiDocument;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const segments = path.split('/');
      const rowParams = segments.flatMap((segment, i) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (!name || name === 'enterprise_id') return [];
        return [{ name, key: `${segments[i - 1]}/{${name}}` }];
      });
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        name: `${method.toUpperCase()} ${path}`,
        bearer: (op.security ?? []).some((requirement) => 'bearerAuth' in requirement),
        apiKey: (op.security ?? []).some((requirement) => 'apiKeyAuth' in requirement),
        rowParams,
        queryParams: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        jsonBody: op.requestBody?.content['application/json']?.schema,
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
      };
    }),
  );
}

/** The path with its parameters filled: `enterprise_id` and each row parameter by name. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for {${name}} in ${path}`);
    // A lone surrogate cannot be percent-encoded: it goes as U+FFFD, as a browser would send it.
    return encodeURIComponent(String(values[name]).replace(/\p{Surrogate}/gu, '\ufffd'));
  });
}

/**
 * The smallest body the schema accepts: required properties only, a property named like a path
 * parameter gets that parameter's value (edit bodies repeat the path's `id`).
 */
export function sampleBody(doc: OpenApiDocument, schema: Schema, values: Record<string, number>): unknown {
  const resolve = (s: Schema): Schema =>
    s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s;
  const sample = (raw: Schema, name?: string): unknown => {
    const s = resolve(raw);
    if (name && name in values) return values[name];
    if (s.enum) return s.enum[0];
    const choice = s.anyOf ?? s.oneOf;
    if (choice) return sample(choice[0]!, name);
    if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => sample(part, name)));
    switch (s.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const key of s.required ?? []) out[key] = sample(s.properties?.[key] ?? {}, key);
        return out;
      }
      case 'array':
        return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}));
      case 'integer':
      case 'number':
        return Math.max(1, s.minimum ?? 1);
      case 'boolean':
        return false;
      case 'string':
        if (s.format === 'email') return 'personne@example.fr';
        return 'Essai'.padEnd(s.minLength ?? 0, 'x');
      default:
        return null;
    }
  };
  return sample(schema);
}
