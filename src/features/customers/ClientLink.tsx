import type { ReactNode } from 'react';
import { followLink, resolveLink } from '../../routes/links';
import * as styles from './customers.css';

/** A link to a client page: routed in the SPA, a page load from a platform page embedding us. */
export function ClientLink({
  path,
  className = styles.link,
  children,
}: {
  path: string;
  className?: string;
  children: ReactNode;
}) {
  const link = resolveLink(path);
  return (
    <a className={className} href={link.href} onClick={(event) => followLink(event, link)}>
      {children}
    </a>
  );
}
