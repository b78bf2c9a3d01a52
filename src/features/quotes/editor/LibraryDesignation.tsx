import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatCents } from '../../../contract/format';
import type { LibraryKind } from '../../../contract/pricing';
import * as combobox from '../../../ui/combobox.css';
import { useDebouncedCallback } from '../../../ui/useDebouncedCallback';
import type { DesignationFieldProps } from '../../invoices/editor/LineGrid';
import { quoteEditorMessages as m } from './messages';
import type { LibraryPick } from './quoteDraft';

/** A library item as the suggestions show it and a line takes it. */
export interface LibrarySuggestion extends LibraryPick {
  id: number;
  code: string;
  /** A `work` brings its composition (read from its sheet when chosen). */
  kind?: LibraryKind;
}

/** From this many characters typed, the library is searched; each keystroke waits this long for the next. */
export const SUGGEST_FROM = 2;
export const SUGGEST_DELAY_MS = 200;

export interface LibraryDesignationProps extends DesignationFieldProps {
  /** The library's items for what is typed (8 at most; the server's search: words in any order). */
  search: (text: string) => Promise<LibrarySuggestion[]>;
  /** An item chosen: the line takes its figures. */
  onPick: (rowKey: string, item: LibrarySuggestion) => void;
}

/**
 * A line's designation that searches the price library as it is typed (issue 22): the WAI-ARIA
 * combobox pattern (list autocomplete, as src/ui/Combobox), but the text typed IS the designation,
 * so a line can still be written freely. Down and Up move through the items, Enter takes one,
 * Escape closes the list; a click takes one too. While the list is open these keys are its own,
 * not the grid's (Enter would add a line, the arrows change rows).
 */
export function LibraryDesignation({ search, onPick, onChange, ...field }: LibraryDesignationProps) {
  const listId = useId();
  const [items, setItems] = useState<LibrarySuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Where the list shows: under the input, over the grid's scroll box (which would cut it). */
  const [place, setPlace] = useState<{ left: number; top: number; width: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** Only the answer to the last text typed is shown (an earlier one may arrive after it). */
  const asked = useRef(0);
  const searchLater = useDebouncedCallback((query: string, ask: number) => {
    search(query).then(
      (found) => {
        if (ask !== asked.current) return;
        const box = input.current?.getBoundingClientRect();
        setPlace(box ? { left: box.left, top: box.bottom, width: Math.max(box.width, 320) } : null);
        setItems(found);
        setActive(-1);
        setOpen(found.length > 0);
      },
      // The search is a help: without it, the line is typed as before.
      () => {
        if (ask === asked.current) setOpen(false);
      },
    );
  }, SUGGEST_DELAY_MS);
  // The list is placed once, where the input was: a scroll (the page, the grid) closes it.
  useEffect(() => {
    if (!open) return;
    const onScroll = () => close();
    window.addEventListener('scroll', onScroll, true);
    return () => window.removeEventListener('scroll', onScroll, true);
  }, [open]);

  function close() {
    searchLater.cancel();
    asked.current += 1;
    setOpen(false);
    setActive(-1);
  }

  function lookUp(text: string) {
    const query = text.trim();
    const ask = ++asked.current;
    if (query.length < SUGGEST_FROM) {
      searchLater.cancel();
      setOpen(false);
      setItems([]);
      return;
    }
    searchLater(query, ask);
  }

  function pick(item: LibrarySuggestion) {
    close();
    onPick(field.rowKey, item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || event.altKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      // Round the list: after the last item, the first; above the first, the last.
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % items.length : index <= 0 ? items.length - 1 : index - 1,
      );
    } else if (event.key === 'Enter' && items[active]) {
      event.preventDefault();
      event.stopPropagation();
      pick(items[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  const activeItem = open ? items[active] : undefined;
  return (
    <div className={combobox.wrapper}>
      <input
        ref={input}
        id={field.id}
        className={field.className}
        data-row={field.rowKey}
        data-column="label"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-label={field.label}
        aria-invalid={field.invalid ? true : undefined}
        aria-describedby={field.describedBy}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeItem ? `${listId}-${active}` : undefined}
        maxLength={field.maxLength}
        value={field.value}
        onChange={(event) => {
          onChange(event.target.value);
          lookUp(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {/* The focus stays in the input (aria-activedescendant names the active item). */}
      <div
        id={listId}
        role="listbox"
        aria-label={m.librarySuggestions(field.label)}
        className={combobox.listbox}
        style={place ? { position: 'fixed', insetInline: 'auto', ...place } : undefined}
        hidden={!open}
      >
        {open
          ? items.map((item, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the input keeps the focus (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the input (Down, Up, Enter).
              <div
                key={item.id}
                id={`${listId}-${index}`}
                role="option"
                className={combobox.option}
                aria-selected={index === active}
                data-active={index === active}
                // The click picks before the input's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
              >
                {item.designation}
                <span className={combobox.note} style={{ display: 'block', padding: 0 }}>
                  {[item.code, m.libraryPrice(formatCents(item.salePriceCents), item.unit)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
            ))
          : null}
      </div>
    </div>
  );
}
