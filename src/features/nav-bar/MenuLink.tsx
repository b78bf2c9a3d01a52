import type { AnchorHTMLAttributes, KeyboardEvent, MouseEvent, Ref } from 'react';
import { emit } from '../../elements/events';
import { followLink, resolveLink } from '../../routes/links';
import { visuallyHidden } from '../../ui/theme.css';
import { ExternalLink } from './icons';
import { logout } from './logout';
import type { MenuItem } from './menu';
import * as styles from './navBar.css';

const NEW_TAB_HINT = ' (nouvel onglet)';

export interface NavigateDetail {
  label: string;
  href: string;
  inApp: boolean;
}

interface MenuLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'onClick' | 'href'> {
  item: MenuItem;
  current: boolean;
  host?: HTMLElement;
  /** After the link is followed (the menu closes). */
  onFollow?: () => void;
  ref?: Ref<HTMLAnchorElement>;
}

/** Space activates a menu item like Enter does (APG); a link only answers Enter by itself. */
export function clickOnSpace(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== ' ') return false;
  event.preventDefault();
  event.currentTarget.click();
  return true;
}

/** A menu entry that goes somewhere: a real link (middle click, copy address), role menuitem. */
export function MenuLink({ item, current, host, onFollow, className, children, ...rest }: MenuLinkProps) {
  const link = resolveLink(item.url, { newTab: item.newTab });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (item.action === 'logout') {
      event.preventDefault();
      emit(host, 'bo-logout', {});
      logout();
      return;
    }
    if (link)
      emit<NavigateDetail>(host, 'bo-navigate', { label: item.label, href: link.href, inApp: link.inApp });
    followLink(event, link);
    onFollow?.();
  };
  return (
    <a
      {...rest}
      role="menuitem"
      className={className}
      href={link?.href}
      target={link?.newTab ? '_blank' : undefined}
      rel={link?.newTab ? 'noopener noreferrer' : undefined}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {children ?? item.label}
      {link?.newTab && (
        <>
          <ExternalLink className={styles.icon} />
          <span className={visuallyHidden}>{NEW_TAB_HINT}</span>
        </>
      )}
    </a>
  );
}
