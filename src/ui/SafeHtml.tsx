import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';
import { getConfig } from '../config/config';
import { resolveLink } from '../routes/links';

/** Raster pictures written into the HTML itself: nothing is fetched to show them. */
const inlineImage = /^data:image\/(?:png|gif|jpeg|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/**
 * Where an image of a notification may come from: written inline (data:), or our own origins
 * (the page's, the platform's, the client area's). Any other address is a request to a server we
 * do not know each time the bell opens, from a host page that may not have our Content Security
 * Policy: a tracking pixel (issue 19, item 6). The address, made absolute, or null.
 */
function imageSource(src: string): string | null {
  const trimmed = src.trim();
  if (!trimmed) return null;
  if (inlineImage.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed, location.href);
  } catch {
    return null;
  }
  const { platformOrigin, clientOrigin } = getConfig();
  const ours = [location.origin, platformOrigin, clientOrigin];
  return /^https?:$/.test(url.protocol) && ours.includes(url.origin) ? url.href : null;
}

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
    if (node.tagName === 'IMG') {
      const source = imageSource(node.getAttribute('src') ?? '');
      // An image from elsewhere is dropped whole (a broken picture would tell nothing either).
      if (source) node.setAttribute('src', source);
      else node.parentNode?.removeChild(node);
      return;
    }
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
 * keeps formatting, links and our own images, and drops scripts, event handlers, styles, forms,
 * images from other servers and whatever else would fetch from them (media, `srcset`, `poster`,
 * `background`). Links open in a new tab.
 */
export function sanitizeHtml(html: string): string {
  return ownPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'video',
      'audio',
      'source',
      'track',
      'picture',
    ],
    FORBID_ATTR: ['style', 'srcset', 'poster', 'background'],
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
