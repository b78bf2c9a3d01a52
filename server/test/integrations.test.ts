/**
 * The third-party integrations of spec section 1 (chat widget, analytics, monitoring agent), set
 * from the server's environment: each page's bo-config carries them and its CSP allows exactly
 * their origins. Unset (the demo), nothing is loaded and no page sends the user to a chat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationsFrom, loadConfig } from '../src/config.js';
import { bootHarness, type Harness } from './support/harness.js';

const chat = 'https://chat.example.com/widget/v2.js';
const analytics = 'https://stats.example.org/tag.js?id=42';
const monitoring = 'https://apm.example.net:8200';

const boConfigOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="bo-config"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

describe('configured', () => {
  let h: Harness;
  let cookie: string;
  beforeAll(async () => {
    h = await bootHarness({
      config: {
        integrations: integrationsFrom({
          CHAT_WIDGET_SCRIPT_URL: chat,
          ANALYTICS_SCRIPT_URL: analytics,
          MONITORING_SERVER_URL: monitoring,
          MONITORING_ENVIRONMENT: 'production',
        }),
      },
    });
    cookie = `appAccessToken=${await h.tokenFor('user@autre-demo.fr')}`;
  });
  afterAll(() => h.close());

  it('a platform page carries them in bo-config, loads the two scripts and allows exactly their origins', async () => {
    const response = await h.apps.platform.request('/app/my-account', { headers: { cookie } });
    const html = await response.text();
    expect(boConfigOf(html)).toMatchObject({
      chatWidgetScriptUrl: chat,
      analytics: { enabled: true, scriptUrl: analytics },
      monitoring: { serverUrl: `${monitoring}/`, environment: 'production' },
    });
    expect(html).toContain(`<script async src="${chat}"`);
    expect(html).toContain(`<script async src="https://stats.example.org/tag.js?id=42"`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://chat.example.com');
    expect(directive('script-src')).toContain('https://stats.example.org');
    expect(directive('script-src')).not.toContain('apm.example.net');
    expect(directive('connect-src')).toContain('https://apm.example.net:8200');
    expect(csp).not.toMatch(/\*/);
  });

  it('the SPA page gets the same configuration and CSP', async () => {
    const response = await h.apps.client.request('/gestion-clients');
    expect(boConfigOf(await response.text())).toMatchObject({ chatWidgetScriptUrl: chat });
    expect(response.headers.get('content-security-policy')).toContain('https://chat.example.com');
  });

  it('with a chat, the help and subscription pages send the user to it', async () => {
    expect(await (await h.apps.platform.request('/foire-aux-questions')).text()).toContain('depuis le chat');
    const subscription = await h.apps.platform.request('/app/enterprise/subscription/my-subscription', {
      headers: { cookie },
    });
    expect(await subscription.text()).toContain('contactez-nous par le chat');
  });
});

describe('not configured (the demo)', () => {
  let h: Harness;
  let cookie: string;
  beforeAll(async () => {
    h = await bootHarness();
    cookie = `appAccessToken=${await h.tokenFor('user@autre-demo.fr')}`;
  });
  afterAll(() => h.close());

  it('no integration in bo-config, no third-party script, no third-party origin in the CSP', async () => {
    const response = await h.apps.platform.request('/app/my-account', { headers: { cookie } });
    const html = await response.text();
    const config = boConfigOf(html);
    expect(config).not.toHaveProperty('chatWidgetScriptUrl');
    expect(config).not.toHaveProperty('analytics');
    expect(config).not.toHaveProperty('monitoring');
    expect(html).not.toMatch(/<script async src=/);
    expect(response.headers.get('content-security-policy')).not.toMatch(/https:\/\//);
  });

  it('no page tells the user to write to a chat; the subscription page points to the help page', async () => {
    expect(await (await h.apps.platform.request('/foire-aux-questions')).text()).not.toMatch(/chat/);
    const subscription = await (
      await h.apps.platform.request('/app/enterprise/subscription/my-subscription', { headers: { cookie } })
    ).text();
    expect(subscription).not.toMatch(/chat/);
    expect(subscription).toContain('<a href="/foire-aux-questions">l\'aide</a>');
  });
});

describe('start-up', () => {
  it('stops on an integration address that is not https', () => {
    expect(() => loadConfig({ CHAT_WIDGET_SCRIPT_URL: 'http://chat.example.com/w.js' })).toThrow(
      /CHAT_WIDGET_SCRIPT_URL doit être une adresse https:\/\//,
    );
    expect(() => loadConfig({ MONITORING_SERVER_URL: 'pas une adresse' })).toThrow(/MONITORING_SERVER_URL/);
    expect(
      loadConfig({ MONITORING_SERVER_URL: 'http://localhost:8200' }).integrations.monitoringServerUrl,
    ).toBe('http://localhost:8200/');
  });
});
