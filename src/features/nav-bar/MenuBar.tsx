import { Fragment, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown } from './icons';
import { clickOnSpace, MenuLink } from './MenuLink';
import { isDivider, type MenuItem } from './menu';
import { isOutside, nextIndex } from './menuKeys';
import * as styles from './navBar.css';

export interface MenuViewProps {
  menu: MenuItem[];
  /** The current entry and its parents. */
  trail: MenuItem[];
  host?: HTMLElement;
}

type Focusable = HTMLAnchorElement | HTMLButtonElement;

/**
 * The full top menu (1024 px and wider): an APG menubar. Left and Right move along the bar, Down,
 * Enter or Space open a submenu on its first entry (Up on its last), Escape closes it and gives the
 * focus back, Left and Right in a submenu go on to the neighbouring entry, Tab leaves the bar.
 * One entry of the bar is in the page's tab order at a time (roving tabindex).
 */
export function MenuBar({ menu, trail, host }: MenuViewProps) {
  // The focused and open entries are held by label, not by position: the bar gains an entry once
  // the user's authorization arrives (a scoped entry such as 'Gestion chantier', before 'Profil'),
  // and a held position would then name another entry: a submenu opened as the page settles closed
  // again at once (issue 27).
  const [focusLabel, setFocusLabel] = useState<string | null>(null);
  const [openLabel, setOpenLabel] = useState<string | null>(null);
  const indexOf = (label: string | null) =>
    label === null ? -1 : menu.findIndex((item) => item.label === label);
  const focusIndex = Math.max(indexOf(focusLabel), 0);
  const openAt = indexOf(openLabel);
  const openIndex = openAt >= 0 ? openAt : null;
  const setFocusIndex = (index: number) => setFocusLabel(menu[index]?.label ?? null);
  const setOpenIndex = (index: number | null) =>
    setOpenLabel(index === null ? null : (menu[index]?.label ?? null));
  const barRef = useRef<HTMLDivElement>(null);
  const topRefs = useRef<(Focusable | null)[]>([]);
  const subRefs = useRef<(HTMLAnchorElement | null)[][]>([]);
  /** Which submenu entry takes the focus once its submenu is drawn. */
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  useLayoutEffect(() => {
    if (openIndex === null || !pendingFocus.current) return;
    const entries = (subRefs.current[openIndex] ?? []).filter(Boolean);
    (pendingFocus.current === 'first' ? entries[0] : entries.at(-1))?.focus();
    pendingFocus.current = null;
  }, [openIndex]);

  useEffect(() => {
    if (openLabel === null) return;
    const closeOutside = (event: Event) => {
      if (isOutside(event, barRef.current)) setOpenLabel(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [openLabel]);

  const focusTop = (index: number) => {
    setFocusIndex(index);
    topRefs.current[index]?.focus();
  };
  const openSubmenu = (index: number, focus: 'first' | 'last' | null) => {
    pendingFocus.current = focus;
    setFocusIndex(index);
    setOpenIndex(index);
  };
  const close = () => setOpenIndex(null);
  /** Left / Right from inside a submenu: the neighbour, opened when it has a submenu. */
  const goToNeighbour = (index: number) => {
    if (menu[index]?.children) openSubmenu(index, 'first');
    else {
      close();
      focusTop(index);
    }
  };

  const onTopKeyDown = (index: number) => (event: KeyboardEvent<Focusable>) => {
    const item = menu[index]!;
    const next = nextIndex(index, menu.length, event.key, 'horizontal');
    if (next !== null) {
      event.preventDefault();
      close();
      focusTop(next);
    } else if (item.children && ['ArrowDown', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openSubmenu(index, 'first');
    } else if (item.children && event.key === 'ArrowUp') {
      event.preventDefault();
      openSubmenu(index, 'last');
    } else if (event.key === 'Escape') close();
    else if (!item.children) clickOnSpace(event);
  };

  const onSubKeyDown = (parent: number, index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    const entries = (subRefs.current[parent] ?? []).filter(Boolean);
    const next = nextIndex(index, entries.length, event.key, 'vertical');
    if (next !== null) {
      event.preventDefault();
      entries[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      focusTop(parent);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      goToNeighbour(nextIndex(parent, menu.length, event.key, 'horizontal')!);
    } else if (event.key === 'Tab') close();
    else clickOnSpace(event);
  };

  const firstRight = menu.findIndex((item) => item.position === 'right');

  return (
    <div ref={barRef} role="menubar" aria-label="Menu principal" className={styles.menubar}>
      {menu.map((item, index) => {
        const active = trail.includes(item);
        const itemClass = `${styles.item} ${index === firstRight ? styles.pushRight : ''}`;
        const common = {
          ref: (node: Focusable | null) => {
            topRefs.current[index] = node;
          },
          tabIndex: index === focusIndex ? 0 : -1,
          className: styles.topEntry,
          onFocus: () => setFocusIndex(index),
        };
        if (!item.children) {
          return (
            <div key={item.label} role="none" className={itemClass}>
              <MenuLink
                {...common}
                item={item}
                current={active}
                host={host}
                onKeyDown={onTopKeyDown(index)}
              />
            </div>
          );
        }
        const open = openIndex === index;
        const submenuId = `bo-submenu-${index}`;
        let entry = -1;
        return (
          <div key={item.label} role="none" className={itemClass}>
            <button
              {...common}
              type="button"
              role="menuitem"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-controls={open ? submenuId : undefined}
              data-active={active}
              onClick={() => (open ? close() : openSubmenu(index, null))}
              onKeyDown={onTopKeyDown(index)}
            >
              {item.label}
              <ChevronDown className={styles.chevron} />
            </button>
            {open && (
              <div
                id={submenuId}
                role="menu"
                aria-label={item.label}
                className={`${styles.submenu} ${item.position === 'right' ? styles.submenuEnd : ''}`}
              >
                {item.children.map((child, childIndex) => {
                  if (isDivider(child)) {
                    return <hr key={`divider-${childIndex}`} className={styles.divider} />;
                  }
                  const position = ++entry;
                  return (
                    <Fragment key={child.label}>
                      <MenuLink
                        ref={(node) => {
                          subRefs.current[index] ??= [];
                          subRefs.current[index][position] = node;
                        }}
                        item={child}
                        current={trail.includes(child)}
                        host={host}
                        tabIndex={-1}
                        className={styles.subEntry}
                        onKeyDown={onSubKeyDown(index, position)}
                        onFollow={() => {
                          close();
                          focusTop(index);
                        }}
                      />
                    </Fragment>
                  );
                })}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
