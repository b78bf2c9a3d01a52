import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ElementRoot } from '../../src/elements/ElementRoot';
import { elementStyleSheet } from '../../src/elements/stylesheet';

/**
 * A page of the server (server/src/pages: the sign-in pages, the platform pages) as it answers it:
 * the whole document that the page's pure function builds, shown in a shadow root so that its own
 * stylesheet applies and neither it nor Storybook's restyles the other. The document's `:root` and
 * `body` rules apply to the shadow host and to the body's stand-in; its @font-face rules are left
 * out (Storybook declares Poppins itself, and a shadow root ignores them). Inline scripts do not
 * run: a story shows one state of the page, as the server sends it.
 *
 * `elements`: the page's `bo-*` tags as the element library shows them once define.js has loaded
 * (each component in its tag's open shadow root, with the elements' stylesheet); without it, the
 * page as it is before that, or without scripts: the tags' own children.
 */
const none: Record<string, ReactNode> = {};

export function ServerPage({
  html,
  elements = none,
  activeHash,
}: {
  html: string;
  elements?: Record<string, ReactNode>;
  /** The `.hash-section` the page's script would show (/app/prive/#/…). */
  activeHash?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [mounts, setMounts] = useState<{ tag: string; root: ShadowRoot }[]>([]);
  // The tags, not the object (a new one at each render): the page is built again only when they change.
  const tags = Object.keys(elements).join(' ');

  useLayoutEffect(() => {
    const node = host.current;
    if (!node) return;
    const page = new DOMParser().parseFromString(html, 'text/html');
    const css = [...page.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .join('\n')
      .replace(/@font-face\s*\{[^}]*\}/g, '')
      .replace(/:root\b/g, ':host')
      .replace(/(^|[\s,}])body\b/g, '$1.page-body');
    for (const script of page.querySelectorAll('script')) script.remove();
    const shadow = node.shadowRoot ?? node.attachShadow({ mode: 'open' });
    const body = document.createElement('div');
    body.className = `page-body ${page.body.className}`.trim();
    body.append(...[...page.body.childNodes].map((child) => document.importNode(child, true)));
    if (activeHash) {
      for (const section of body.querySelectorAll<HTMLElement>('.hash-section'))
        section.classList.toggle('active', section.dataset.hash === activeHash);
    }
    const style = document.createElement('style');
    style.textContent = css;
    shadow.replaceChildren(style, body);
    const found: { tag: string; root: ShadowRoot }[] = [];
    for (const tag of tags.split(' ').filter(Boolean)) {
      for (const placeholder of body.querySelectorAll(tag)) {
        const root = placeholder.attachShadow({ mode: 'open' });
        root.adoptedStyleSheets = [elementStyleSheet()];
        found.push({ tag, root });
      }
    }
    setMounts(found);
    return () => setMounts([]);
  }, [html, tags, activeHash]);

  return (
    <div style={{ margin: -24 }}>
      <div ref={host} style={{ minHeight: '100vh' }} />
      {mounts.map(({ tag, root }, index) =>
        createPortal(<ElementRoot tag={tag}>{elements[tag]}</ElementRoot>, root, `${tag}-${index}`),
      )}
    </div>
  );
}
