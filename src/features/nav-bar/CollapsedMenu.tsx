import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ChevronDown, Hamburger } from './icons';
import type { MenuViewProps } from './MenuBar';
import { clickOnSpace, MenuLink } from './MenuLink';
import { isDivider, type MenuEntry } from './menu';
import { isOutside, nextIndex } from './menuKeys';
import * as styles from './navBar.css';

const COLLAPSED_MENU_LABEL = 'Menu';

/**
 * The top menu under 1024 px: one 'Menu' button (APG menu button) opening every entry in one
 * menu, each submenu as a labelled group. Enter, Space or Down open it on the first entry, Up on
 * the last; Up, Down, Home and End move; Escape closes it and gives the focus back; Tab leaves.
 */
export function CollapsedMenu({ menu, trail, host }: MenuViewProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const entryRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  useLayoutEffect(() => {
    if (!open || !pendingFocus.current) return;
    const entries = entryRefs.current.filter(Boolean);
    (pendingFocus.current === 'first' ? entries[0] : entries.at(-1))?.focus();
    pendingFocus.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (isOutside(event, wrapperRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openOn = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };
  const closeAndFocusButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowDown', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openOn('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openOn('last');
    } else if (event.key === 'Escape') setOpen(false);
  };

  const onEntryKeyDown = (index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    const entries = entryRefs.current.filter(Boolean);
    const next = nextIndex(index, entries.length, event.key, 'vertical');
    if (next !== null) {
      event.preventDefault();
      entries[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeAndFocusButton();
    } else if (event.key === 'Tab') setOpen(false);
    else clickOnSpace(event);
  };

  let position = -1;
  const renderEntries = (entries: MenuEntry[]): ReactNode[] =>
    entries.map((entry, index) => {
      if (isDivider(entry)) {
        return <hr key={`divider-${index}`} className={styles.divider} />;
      }
      if (entry.children) {
        return (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA menu groups its items with role group, not fieldset.
          <div key={entry.label} role="group" aria-labelledby={`${menuId}-${index}`} className={styles.group}>
            <div id={`${menuId}-${index}`} role="presentation" className={styles.groupLabel}>
              {entry.label}
            </div>
            {renderEntries(entry.children)}
          </div>
        );
      }
      const at = ++position;
      return (
        <MenuLink
          key={entry.label}
          ref={(node) => {
            entryRefs.current[at] = node;
          }}
          item={entry}
          current={trail.includes(entry)}
          host={host}
          tabIndex={-1}
          className={styles.subEntry}
          onKeyDown={onEntryKeyDown(at)}
          onFollow={closeAndFocusButton}
        />
      );
    });

  return (
    <div ref={wrapperRef} className={styles.collapsed}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.topEntry}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-active={trail.length > 0 && !open}
        onClick={() => (open ? setOpen(false) : openOn('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Hamburger className={styles.icon} />
        {COLLAPSED_MENU_LABEL}
        <ChevronDown className={styles.chevron} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={COLLAPSED_MENU_LABEL}
          className={`${styles.submenu} ${styles.collapsedMenu}`}
        >
          {renderEntries(menu)}
        </div>
      )}
    </div>
  );
}
