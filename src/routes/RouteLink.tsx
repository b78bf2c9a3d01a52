import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { followLink, resolveLink } from './links';

interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site-relative path of either area, or an absolute address (see links.ts). */
  to: string;
}

/**
 * A link that goes where the menu's links go: a client page routes in the SPA without a page load,
 * a platform page loads, another site opens in a new tab. Still a real anchor (middle click, copy);
 * an address resolveLink refuses is shown as plain text.
 */
export function RouteLink({ to, onClick, children, ...rest }: RouteLinkProps) {
  const link = resolveLink(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    followLink(event, link);
  };
  return (
    <a
      {...rest}
      href={link?.href}
      target={link?.newTab ? '_blank' : undefined}
      rel={link?.newTab ? 'noopener noreferrer' : undefined}
      onClick={follow}
    >
      {children}
    </a>
  );
}
