import DOMPurify from 'dompurify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '../config/config';
import { sanitizeHtml } from './SafeHtml';

const html = (markup: string) => {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content;
};

describe('sanitizeHtml (notification descriptions)', () => {
  beforeAll(() => {
    setConfig({ platformOrigin: 'https://plateforme.example', clientOrigin: 'https://client.example' });
  });
  afterEach(() => {
    // The host's own changes to the shared DOMPurify, undone between tests.
    DOMPurify.clearConfig();
    DOMPurify.removeAllHooks();
  });

  it('keeps formatting and links, drops scripts, handlers, styles and forms', () => {
    const clean = html(
      sanitizeHtml(
        '<p style="color:red" onclick="x()">Le <strong>règlement</strong> <a href="https://aide.example/r">reçu</a></p><script>x()</script><form><input></form>',
      ),
    );
    expect(clean.querySelector('strong')?.textContent).toBe('règlement');
    expect(clean.querySelector('script, form, input, [style], [onclick]')).toBeNull();
    const link = clean.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://aide.example/r');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('reads its links like the notification’s own: on our origins unless written out in full', () => {
    const clean = html(
      sanitizeHtml(
        '<a href="@evil.example/x">a</a><a href="//evil.example">b</a><a href="/\\evil.example">c</a><a href="/app/reporting">d</a><a href="javascript:alert(1)">e</a>',
      ),
    );
    const hrefs = [...clean.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://client.example/@evil.example/x',
      null,
      null,
      'https://plateforme.example/app/reporting',
      null,
    ]);
  });

  it('is not changed by the host page’s use of DOMPurify, and does not change it', () => {
    // A host page (a React host bundling the same package, or a legacy page) configures the shared
    // DOMPurify for its own needs: only <b>, and a hook of its own.
    DOMPurify.setConfig({ ALLOWED_TAGS: ['b', 'a'], ALLOWED_ATTR: ['href'] });
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'B') node.setAttribute('href', 'host-was-here');
    });
    const ours = html(sanitizeHtml('<p>Facture <strong>F-1</strong> <b>payée</b> <a href="/x">voir</a></p>'));
    expect(ours.querySelector('p strong')?.textContent).toBe('F-1');
    expect(ours.querySelector('b')?.hasAttribute('href')).toBe(false);
    expect(ours.querySelector('a')?.getAttribute('target')).toBe('_blank');

    const theirs = html(DOMPurify.sanitize('<p><b>x</b> <a href="/x">voir</a></p>'));
    expect(theirs.querySelector('p')).toBeNull();
    expect(theirs.querySelector('b')?.getAttribute('href')).toBe('host-was-here');
    expect(theirs.querySelector('a')?.getAttribute('href')).toBe('/x');
    expect(theirs.querySelector('a')?.hasAttribute('target')).toBe(false);
  });
});
