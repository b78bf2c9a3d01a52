/**
 * How the server's own pages are rendered: the demo pages get this server's configuration, the
 * sign-in page has the product's name, Poppins and French field messages of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages } from '../../src/i18n/validationMessages.js';
import { frenchText } from '../src/pages/html.js';
import { loginFieldMessages } from '../src/pages/login.js';
import { bootHarness, type Harness } from './support/harness.js';

const platformOrigin = 'https://plateforme.example:8443';
const clientOrigin = 'https://app.example:9443';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness({
    config: { platformOrigin, clientOrigin, apiHost: 'https://api.example', productName: 'Batipro' },
  });
});
afterAll(() => h.close());

const get = (url: string) => h.apps.platform.request(url);
const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

describe('/demo/ pages', () => {
  for (const page of ['blank.html', 'hostile-css.html']) {
    it(`${page} carries this server's origins, not ports of its own`, async () => {
      const response = await get(`/demo/${page}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      const config = /<script type="application\/json" id="bo-config" nonce="([^"]+)">(.*?)<\/script>/s.exec(
        html,
      );
      expect(config?.[1]).toBe(nonceOf(response));
      expect(JSON.parse(config?.[2] ?? '{}')).toEqual({
        platformOrigin,
        clientOrigin,
        apiHost: 'https://api.example',
        productName: 'Batipro',
      });
      // An element of the head, not text inside a comment.
      const at = html.indexOf('<script type="application/json" id="bo-config"');
      expect(at).toBeLessThan(html.lastIndexOf('</head>'));
      expect(html.lastIndexOf('<!--', at)).toBeLessThanOrEqual(html.lastIndexOf('-->', at));
      expect(html.match(/id="bo-config"/g)).toHaveLength(1);
      expect(html).not.toMatch(/localhost|:300[01]\b/);
    });
  }

  it('serves its other files as they are, and nothing outside the folder', async () => {
    const script = await get('/demo/demo.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('bo-toast');
    expect((await get('/demo/missing.html')).status).toBe(404);
    expect((await get('/demo/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('the sign-in page', () => {
  it('shows the product name and lets the page, not the browser, say what is wrong, in French', async () => {
    const response = await get('/login');
    const html = await response.text();
    expect(html).toContain('<title>Connexion · Batipro</title>');
    expect(html).toMatch(/<p class="brand">.*Batipro<\/p>/);
    expect(html).toMatch(/<body class="sign-in">/);
    expect(html).toMatch(/<form method="post" action="\/login" novalidate/);
    for (const id of ['email', 'password'])
      expect(html).toContain(`<p class="field-error" id="${id}-error" hidden></p>`);
    expect(html).toContain(`<script nonce="${nonceOf(response)}">`);
    expect(html).toContain(JSON.stringify(loginFieldMessages.required));
    expect(html).toContain(JSON.stringify(loginFieldMessages.email));
  });

  it('says the spec’s messages, as the client does', () => {
    expect(loginFieldMessages).toEqual({
      required: validationMessages.required,
      email: validationMessages.email,
    });
  });

  it('is in Poppins, served by the server itself', async () => {
    const html = await (await get('/login')).text();
    for (const weight of [400, 500, 600]) {
      const url = `/fonts/poppins-latin-${weight}-normal.woff2`;
      expect(html).toContain(`url(${url})`);
      const font = await get(url);
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
    }
    expect((await get('/fonts/../package.json')).status).toBe(404);
  });
});

describe('French punctuation on the server pages', () => {
  it('keeps the word before « : ; ! ? » with its sign, the text unchanged and escaped', () => {
    expect(frenchText("Vous n'êtes pas connecté !")).toBe(
      'Vous n&#39;êtes pas <span class="together">connecté !</span>',
    );
    expect(frenchText('<b> : x')).toBe('<span class="together">&lt;b&gt; :</span> x');
    expect(frenchText('Redirection en cours...')).toBe('Redirection en cours...');
  });

  it('is used by the help page: a question never ends on a lone « ? »', async () => {
    const html = await (await get('/foire-aux-questions')).text();
    expect(html).toContain('<span class="together">provisoire ?</span>');
    expect(html).toContain('.together { white-space: nowrap; }');
  });
});

describe("the platform's main menu", () => {
  it('lists the dashboard, my applications, help tutorials and preferences on a signed-in page', async () => {
    const cookie = `appAccessToken=${await h.tokenFor('admin@demo.fr')}`;
    const html = await (await h.apps.platform.request('/app/my-account', { headers: { cookie } })).text();
    const menu =
      /<nav class="platform-menu" aria-label="Menu de la plateforme">(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
    expect([...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2], m[1]])).toEqual([
      ['Tableau de bord', `${clientOrigin}/`],
      ['Mes applications', '/app/applications/'],
      ['Aide et tutoriels', '/foire-aux-questions'],
      ['Préférences', `${clientOrigin}/preferences/mon-compte`],
    ]);
    // Not on the sign-in page.
    expect(await (await get('/login')).text()).not.toContain('<nav class="platform-menu"');
  });

  it('marks the entry of the page it is on as the current one', async () => {
    const cookie = `appAccessToken=${await h.tokenFor('admin@demo.fr')}`;
    const current = async (url: string) => {
      const html = await (await h.apps.platform.request(url, { headers: { cookie } })).text();
      const menu = /<nav class="platform-menu"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
      return [...menu.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    };
    expect(await current('/app/applications/')).toEqual(['Mes applications']);
    expect(await current('/foire-aux-questions')).toEqual(['Aide et tutoriels']);
    expect(await current('/app/my-account')).toEqual([]);
  });
});
