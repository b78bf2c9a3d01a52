/**
 * The one layout of every server-rendered page. Platform pages embed the element library as the
 * legacy platform does: the JSON configuration, one module script, and `<bo-nav-bar>` (the bell
 * lives inside it). Pure (data in, HTML out, no server-only import): the stories render it too.
 */
import type { AppConfig } from '../config.js';
import { escapeHtml, scriptJson } from './html.js';

/** What a page needs of the server's configuration (the stories give just this). */
export type PageConfig = Pick<
  AppConfig,
  'platformOrigin' | 'clientOrigin' | 'apiHost' | 'productName' | 'integrations'
>;

export interface BoConfig {
  platformOrigin: string;
  clientOrigin: string;
  apiHost: string;
  productName: string;
  chatWidgetScriptUrl?: string;
  analytics?: { enabled: boolean; scriptUrl: string };
  monitoring?: { serverUrl: string; environment?: string };
}

function boConfig(config: PageConfig): BoConfig {
  const { chatWidgetScriptUrl, analyticsScriptUrl, monitoringServerUrl, monitoringEnvironment } =
    config.integrations;
  return {
    platformOrigin: config.platformOrigin,
    clientOrigin: config.clientOrigin,
    apiHost: config.apiHost,
    productName: config.productName,
    ...(chatWidgetScriptUrl && { chatWidgetScriptUrl }),
    ...(analyticsScriptUrl && { analytics: { enabled: true, scriptUrl: analyticsScriptUrl } }),
    ...(monitoringServerUrl && {
      monitoring: { serverUrl: monitoringServerUrl, environment: monitoringEnvironment },
    }),
  };
}

/**
 * Where a page sends a user with a question: the chat when one is configured (spec section 8), else
 * the help page — never a chat that is not there. Completes « … : » (trusted HTML).
 */
export function askUs(config: PageConfig): string {
  return config.integrations.chatWidgetScriptUrl
    ? 'contactez-nous par le chat'
    : 'consultez <a href="/foire-aux-questions">l\'aide</a>';
}

/** The configuration tag, also injected into the SPA's index.html. */
export function boConfigScript(config: PageConfig, nonce: string): string {
  return `<script type="application/json" id="bo-config" nonce="${escapeHtml(nonce)}">${scriptJson(boConfig(config))}</script>`;
}

export interface PageOptions {
  config: PageConfig;
  nonce: string;
  /** Heading of the page; the document title is "<heading> · <product name>". */
  heading: string;
  /** Trusted HTML (built with escapeHtml). */
  body: string;
  /** Embed the elements (nav bar with the bell). False for the sign-in page. */
  elements?: boolean;
  /** Optional trusted inline script; it receives the nonce. */
  script?: string;
  /**
   * `sign-in`: the product's name above one centred card that holds the heading and the body
   * (the login page), instead of the platform page's column.
   */
  layout?: 'page' | 'sign-in';
  /** The page's path: its entry in the platform's main menu is the current one (aria-current). */
  current?: string;
  /** Trusted markup after the elements' script: the server's preloads of the page's chunks. */
  chunkHints?: string;
}

export type PoppinsWeight = 400 | 500 | 600;

/**
 * Poppins (spec: the font) for a page's head, from where the page's origin serves each weight: the
 * three weights' @font-face rules, and preloads of the text's and the headings' weights, asked for
 * with the page rather than once the styles are applied (issue 27): arriving after the first paint,
 * the font swapped in shifted the whole page (CLS 0.16 of 0.25 on /app/my-account, Lighthouse
 * mobile), and on the SPA drew its heading larger after its first paint (a later LCP).
 */
export function poppinsHead(urlOf: (weight: PoppinsWeight) => string): { faces: string; preloads: string } {
  const faces = ([400, 500, 600] as const)
    .map(
      (weight) =>
        `@font-face { font-family: Poppins; font-style: normal; font-weight: ${weight}; font-display: swap; src: url(${urlOf(weight)}) format('woff2'); }`,
    )
    .join('\n  ');
  const preloads = ([400, 600] as const)
    .map(
      (weight) =>
        `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(urlOf(weight))}" crossorigin>`,
    )
    .join('\n    ');
  return { faces, preloads };
}

/** The platform's pages take Poppins from @fontsource at /fonts/: the pages without elements need it too. */
const platformFonts = poppinsHead((weight) => `/fonts/poppins-latin-${weight}-normal.woff2`);

/**
 * The top bar's place (54 px, NAV_BAR_HEIGHT of src/config) before define.js has drawn it, on the
 * pages that have the bar: the page under it no longer moves down when it appears (issue 27, CLS on
 * every platform page).
 */
const navBarPlace = `
  bo-nav-bar:not(:defined) { display: block; box-sizing: border-box; height: 54px; background: #fff; border-bottom: 1px solid #e3e5e8; }`;

const styles = `
  ${platformFonts.faces}
  :root { color-scheme: light; font-family: Poppins, system-ui, sans-serif; font-size: 14px; color: #1f2328; background: #f6f7f9; }
  body { margin: 0; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 22px; font-weight: 600; margin: 8px 0 16px; }
  h2 { font-size: 16px; font-weight: 600; margin: 24px 0 8px; }
  .card > h2:first-child, .card > :first-child > h2:first-child { margin-top: 0; }
  .card { background: #fff; border: 1px solid #e3e5e8; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 24px; margin: 0; }
  dt { color: #57606a; } dd { margin: 0; overflow-wrap: anywhere; }
  /* A phone (390 px): labels above their values, nothing wider than the screen. */
  @media (max-width: 600px) {
    main { padding: 16px 12px 32px; }
    .card { padding: 12px 14px; }
    dl { grid-template-columns: minmax(0, 1fr); gap: 0; }
    dt:not(:first-child) { margin-top: 10px; }
  }
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
  main, .card, p, li, a { overflow-wrap: anywhere; }
  .together { white-space: nowrap; }
  /* A section that holds a screen's height before its element has drawn (the reporting page). */
  .screen-high { min-height: 100vh; }
  .platform-menu { background: #fff; border-bottom: 1px solid #e3e5e8; }
  .platform-menu ul { display: flex; flex-wrap: wrap; gap: 4px 20px; max-width: 960px; margin: 0 auto; padding: 8px 16px; list-style: none; }
  .platform-menu a { text-decoration: none; font-weight: 500; }
  .platform-menu a:hover, .platform-menu a:focus-visible { text-decoration: underline; }
  .platform-menu a[aria-current=page] { color: #1f2328; font-weight: 600; }
  .application-tabs ul { display: flex; flex-wrap: wrap; gap: 4px 20px; margin: 0 0 8px; padding: 0; list-style: none; }
  .application-tabs a { font-weight: 500; } .application-tabs a[aria-current=page] { font-weight: 600; text-decoration: none; color: #1f2328; }
  .application-tabs p { margin: 0; }

  /* The sign-in page: the product's name, one card, centred on the screen. */
  body.sign-in { min-height: 100vh; display: grid; place-items: center; }
  .sign-in main { width: 100%; max-width: 400px; padding: 24px 16px; box-sizing: border-box; }
  .sign-in .brand { display: flex; align-items: center; justify-content: center; gap: 10px; margin: 0 0 20px; font-size: 20px; font-weight: 600; }
  .sign-in .brand-mark { width: 14px; height: 14px; border-radius: 4px; background: #f59e0b; }
  .sign-in .card { padding: 24px; margin: 0; }
  .sign-in h1 { text-align: center; margin: 0 0 16px; }
  .sign-in label:first-of-type { margin-top: 0; }
  .sign-in input[aria-invalid=true] { border-color: #b42318; }
  .sign-in .field-error { margin: 4px 0 0; color: #b42318; font-size: 13px; }
  .sign-in .button { width: 100%; margin-top: 20px; padding: 10px 16px; }
  .sign-in .notice { margin: 0 0 16px; }
  .sign-in .aside { margin: 16px 0 0; text-align: center; }
  .sign-in a.button { box-sizing: border-box; text-align: center; }
`;

/**
 * The platform's main menu (spec section 2: « The main menu in the platform also lists dashboard,
 * my applications, help tutorials and preferences »), under the top menu of <bo-nav-bar>. « Mes
 * applications » is the platform's own page, the measure groups as elements (applications.ts).
 */
function platformMenu(config: PageConfig, current: string | undefined): string {
  const client = escapeHtml(config.clientOrigin);
  const link = (href: string, label: string, extra = '') =>
    `<li><a href="${href}"${extra}${href === current ? ' aria-current="page"' : ''}>${label}</a></li>`;
  return `<nav class="platform-menu" aria-label="Menu de la plateforme"><ul>
      ${link(`${client}/`, 'Tableau de bord')}
      ${link('/app/applications/', 'Mes applications')}
      ${link('/foire-aux-questions', 'Aide et tutoriels', ' target="_blank" rel="noopener"')}
      ${link(`${client}/preferences/mon-compte`, 'Préférences')}
    </ul></nav>`;
}

export function renderPage({
  config,
  nonce,
  heading,
  body,
  elements = true,
  script,
  layout = 'page',
  current,
  chunkHints,
}: PageOptions): string {
  const n = escapeHtml(nonce);
  // The chat and analytics scripts of spec section 1, when configured: the platform page loads them
  // itself (the SPA's main.tsx does the same from bo-config); monitoring starts from define.js.
  const integrationScripts = [config.integrations.chatWidgetScriptUrl, config.integrations.analyticsScriptUrl]
    .filter((url): url is string => Boolean(url))
    .map((url) => `<script async src="${escapeHtml(url)}" nonce="${n}"></script>`)
    .join('');
  const embed = elements
    ? `${boConfigScript(config, nonce)}
    <script type="module" src="/elements/define.js" nonce="${n}"></script>${chunkHints ? `\n    ${chunkHints}` : ''}${integrationScripts}`
    : integrationScripts;
  return `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(heading)} · ${escapeHtml(config.productName)}</title>
    ${platformFonts.preloads}
    <style>${styles}${elements ? navBarPlace : ''}</style>
    ${embed}
  </head>
  <body${layout === 'sign-in' ? ' class="sign-in"' : ''}>
    ${elements ? `<bo-nav-bar></bo-nav-bar>${platformMenu(config, current)}` : ''}
    <main>
      ${
        layout === 'sign-in'
          ? `<p class="brand"><span class="brand-mark" aria-hidden="true"></span>${escapeHtml(config.productName)}</p>
      <div class="card">
        <h1>${escapeHtml(heading)}</h1>
        ${body}
      </div>`
          : `<h1>${escapeHtml(heading)}</h1>
      ${body}`
      }
    </main>
    ${script ? `<script nonce="${n}">${script}</script>` : ''}
  </body>
</html>`;
}
