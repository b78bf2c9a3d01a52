import * as v from 'valibot';
import { platformPaths } from '../routes/paths';

/**
 * Runtime configuration. A page gives it in one place, a JSON script element:
 *
 *   <script type="application/json" id="bo-config">{"platformOrigin": "https://..."}</script>
 *
 * Every field is optional; the defaults serve the local demo (`npm start`).
 */
export const CONFIG_ELEMENT_ID = 'bo-config';

const configSchema = v.object({
  platformOrigin: v.optional(v.string(), 'http://localhost:3000'),
  clientOrigin: v.optional(v.string(), 'http://localhost:3001'),
  /** Defaults to the platform origin. */
  apiHost: v.optional(v.string()),
  productName: v.optional(v.string(), 'bo-elements'),
  serviceName: v.optional(v.string(), 'bo-elements'),
  serviceVersion: v.optional(v.string(), '0.1.0'),
  /** Where the help / tutorial link of the menu goes (on the platform origin unless absolute). */
  helpUrl: v.optional(v.string(), platformPaths.help),
  chatWidgetScriptUrl: v.optional(v.string()),
  analytics: v.optional(
    v.object({
      enabled: v.optional(v.boolean(), false),
      scriptUrl: v.optional(v.string()),
    }),
    { enabled: false },
  ),
  /** Error and performance monitoring (Elastic APM RUM); loaded only when a server URL is given. */
  monitoring: v.optional(
    v.object({
      serverUrl: v.string(),
      environment: v.optional(v.string()),
    }),
  ),
});

export type BoConfigInput = v.InferInput<typeof configSchema>;
export type BoConfig = Omit<v.InferOutput<typeof configSchema>, 'apiHost'> & { apiHost: string };

/** Reads a configuration object; a malformed one is an error a developer must see at once. */
export function parseConfig(input: unknown): BoConfig {
  const parsed = v.parse(configSchema, input ?? {});
  return { ...parsed, apiHost: parsed.apiHost ?? parsed.platformOrigin };
}

/** The configuration the page gives in its #bo-config element, with the defaults. */
export function configFromPage(page: Document | undefined = globalThis.document): BoConfig {
  const text = page?.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return parseConfig({});
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    console.error(`#${CONFIG_ELEMENT_ID} is not valid JSON; using the defaults`);
    input = {};
  }
  return parseConfig(input);
}

let current: BoConfig | undefined;

/** The page's configuration, read once on first use. */
export function getConfig(): BoConfig {
  current ??= configFromPage();
  return current;
}

/** For hosts that configure from code (the SPA, Storybook, tests) rather than the page. */
export function setConfig(input: BoConfigInput): BoConfig {
  current = parseConfig(input);
  return current;
}
