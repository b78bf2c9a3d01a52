import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The one place the library renders HTML it did not write (notification descriptions): DOMPurify
 * keeps formatting and links, and drops scripts, event handlers, styles and forms. Links open in a
 * new tab, away from the page the user is working on.
 */
export function sanitizeHtml(html: string): string {
  openLinksInNewTab();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

let hooked = false;
function openLinksInNewTab() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
