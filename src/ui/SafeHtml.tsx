import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';
import { resolveLink } from '../routes/links';

/**
 * Our own DOMPurify instance: the default export is shared with whoever else imports the package
 * on the page (a React host, a legacy page's bundle), so its hooks and `setConfig()` would leak
 * both ways. Made on first use, not at import (no window in Node).
 */
let purifier: Purifier | undefined;
function ownPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    // Same rule as the notification's own link (routes/links.ts), but always a new tab, away
    // from the page the user is working on; an address that leaves our origins without saying so
    // loses its href.
    const link = resolveLink(node.getAttribute('href') ?? '', { pageOrigin: '' });
    if (!link) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('href', link.href);
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  return purifier;
}

/**
 * The one place the library renders HTML it did not write (notification descriptions): DOMPurify
 * keeps formatting and links, and drops scripts, event handlers, styles and forms. Links open in a
 * new tab.
 */
export function sanitizeHtml(html: string): string {
  return ownPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
