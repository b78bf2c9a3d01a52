import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_ELEMENT_ID, configFromPage, getConfig, parseConfig, setConfig } from './config';

describe('configuration', () => {
  afterEach(() => {
    document.getElementById(CONFIG_ELEMENT_ID)?.remove();
    setConfig({});
  });

  it('serves the local demo by default, the API on the platform origin', () => {
    const config = parseConfig(undefined);
    expect(config.platformOrigin).toBe('http://localhost:3000');
    expect(config.clientOrigin).toBe('http://localhost:3001');
    expect(config.apiHost).toBe('http://localhost:3000');
    expect(config.analytics.enabled).toBe(false);
    expect(config.monitoring).toBeUndefined();
  });

  it('keeps an API host given apart from the platform origin', () => {
    expect(parseConfig({ platformOrigin: 'https://p.example', apiHost: 'https://api.example' }).apiHost).toBe(
      'https://api.example',
    );
  });

  it('refuses a malformed configuration', () => {
    expect(() => parseConfig({ platformOrigin: 42 })).toThrow();
  });

  function pageConfig(text: string) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = CONFIG_ELEMENT_ID;
    script.textContent = text;
    document.head.append(script);
  }

  it('is read from the page’s JSON script element', () => {
    pageConfig(JSON.stringify({ productName: 'Mon BTP', platformOrigin: 'https://plateforme.example' }));
    const config = configFromPage();
    expect(config.productName).toBe('Mon BTP');
    expect(config.apiHost).toBe('https://plateforme.example');
  });

  it('falls back to the defaults when the page’s JSON is broken', () => {
    pageConfig('{ not json');
    expect(configFromPage().platformOrigin).toBe('http://localhost:3000');
  });

  it('lets a host configure from code', () => {
    setConfig({ productName: 'Autre' });
    expect(getConfig().productName).toBe('Autre');
  });
});
