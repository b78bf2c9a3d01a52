/**
 * The one layout of every server-rendered page. Platform pages embed the element library as the
 * legacy platform does: the JSON configuration, one module script, and `<bo-nav-bar>` (the bell
 * lives inside it).
 */
import type { AppConfig } from '../config.js';
import { escapeHtml, scriptJson } from './html.js';

export interface BoConfig {
  platformOrigin: string;
  clientOrigin: string;
  apiHost: string;
  productName: string;
}

function boConfig(config: AppConfig): BoConfig {
  return {
    platformOrigin: config.platformOrigin,
    clientOrigin: config.clientOrigin,
    apiHost: config.apiHost,
    productName: config.productName,
  };
}

/** The configuration tag, also injected into the SPA's index.html. */
export function boConfigScript(config: AppConfig, nonce: string): string {
  return `<script type="application/json" id="bo-config" nonce="${escapeHtml(nonce)}">${scriptJson(boConfig(config))}</script>`;
}

export interface PageOptions {
  config: AppConfig;
  nonce: string;
  /** Heading of the page; the document title is "<heading> · <product name>". */
  heading: string;
  /** Trusted HTML (built with escapeHtml). */
  body: string;
  /** Embed the elements (nav bar with the bell). False for the sign-in page. */
  elements?: boolean;
  /** Optional trusted inline script; it receives the nonce. */
  script?: string;
}

const styles = `
  :root { color-scheme: light; font-family: Poppins, system-ui, sans-serif; font-size: 14px; color: #1f2328; background: #f6f7f9; }
  body { margin: 0; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 22px; font-weight: 600; margin: 8px 0 16px; }
  h2 { font-size: 16px; font-weight: 600; margin: 24px 0 8px; }
  .card > h2:first-child { margin-top: 0; }
  .card { background: #fff; border: 1px solid #e3e5e8; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 24px; margin: 0; }
  dt { color: #57606a; } dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e3e5e8; }
  td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }
  a { color: #8a4b00; }
  .button { display: inline-block; background: #f59e0b; color: #1f2328; border: 0; border-radius: 8px; padding: 8px 16px; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
  .muted { color: #57606a; }
  .error { color: #b42318; }
  label { display: block; margin: 12px 0 4px; font-weight: 500; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #c9ced4; border-radius: 8px; font: inherit; }
  .hash-section { display: none; } .hash-section.active { display: block; }
`;

export function renderPage({ config, nonce, heading, body, elements = true, script }: PageOptions): string {
  const n = escapeHtml(nonce);
  const embed = elements
    ? `${boConfigScript(config, nonce)}
    <script type="module" src="/elements/define.js" nonce="${n}"></script>`
    : '';
  return `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(heading)} · ${escapeHtml(config.productName)}</title>
    <style>${styles}</style>
    ${embed}
  </head>
  <body>
    ${elements ? '<bo-nav-bar></bo-nav-bar>' : ''}
    <main>
      <h1>${escapeHtml(heading)}</h1>
      ${body}
    </main>
    ${script ? `<script nonce="${n}">${script}</script>` : ''}
  </body>
</html>`;
}
