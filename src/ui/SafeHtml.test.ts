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

  it('keeps images from our origins or written inline, drops those of other servers (tracking pixels)', () => {
    const pixel = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const clean = html(
      sanitizeHtml(
        `<p>Logo <img src="https://plateforme.example/logo.png" alt="a"><img src="/images/b.png" alt="b">` +
          `<img src="${pixel}" alt="c"><img src="https://tracker.example/p.gif?u=1" alt="d">` +
          `<img src="//tracker.example/p.gif" alt="e"><img src="http://plateforme.example.tracker.example/p" alt="f">` +
          `<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="g"><img alt="h">` +
          `<img src="https://client.example/x.png" srcset="https://tracker.example/2x.png 2x" alt="i"></p>` +
          `<video poster="https://tracker.example/v.png"><source src="https://tracker.example/v.mp4"></video>` +
          `<table background="https://tracker.example/bg.png"><tbody><tr><td>x</td></tr></tbody></table>`,
      ),
    );
    const images = [...clean.querySelectorAll('img')].map((img) => [img.alt, img.getAttribute('src')]);
    expect(images).toEqual([
      ['a', 'https://plateforme.example/logo.png'],
      ['b', `${location.origin}/images/b.png`],
      ['c', pixel],
      ['i', 'https://client.example/x.png'],
    ]);
    expect(clean.querySelector('[srcset], video, source, [poster], [background]')).toBeNull();
    expect(clean.querySelector('td')?.textContent).toBe('x');
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
