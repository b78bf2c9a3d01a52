import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import * as styles from './combobox.css';
import type { FieldControl } from './Field';

export interface ComboboxChoice {
  id: number;
  label: string;
}

export interface ComboboxProps {
  /** From `Field`: the id its label points to, the class, and what describes the input. */
  control: FieldControl;
  /** The choice made, or null. */
  value: ComboboxChoice | null;
  onChange: (value: ComboboxChoice | null) => void;
  /** The choices for what is typed (the caller searches: `onSearch`). */
  choices: readonly ComboboxChoice[];
  /** Called with the text as the user types it. */
  onSearch: (text: string) => void;
  /** The choices are being looked for. */
  loading?: boolean;
  /** What the list says when nothing matches. */
  emptyText: string;
  loadingText: string;
  placeholder?: string;
  /** To move the focus to the input (a refused form focuses its first wrong field). */
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/**
 * A text input that searches and a list of choices under it (the WAI-ARIA combobox pattern, list
 * autocomplete): Down and Up move through the choices, Enter picks one, Escape closes the list and
 * puts back the choice made. What is typed stays as typed until a choice is picked; typing again
 * after a choice drops it (the field is empty until another is picked).
 */
export function Combobox({
  control,
  value,
  onChange,
  choices,
  onSearch,
  loading = false,
  emptyText,
  loadingText,
  placeholder,
  inputRef,
  onBlur,
}: ComboboxProps) {
  const listId = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A choice set from outside (a form reset, a customer given by the address) shows its label.
  useEffect(() => {
    if (value) setText(value.label);
  }, [value]);
  const optionId = (index: number) => `${listId}-${index}`;

  function pick(choice: ComboboxChoice) {
    setText(choice.label);
    setOpen(false);
    setActive(-1);
    onChange(choice);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) onSearch(text);
      setOpen(true);
      setActive((index) => Math.min(index + 1, choices.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open && choices[active]) {
      // The choice, not the form's submit.
      event.preventDefault();
      pick(choices[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      if (value) setText(value.label);
    }
  }

  const activeChoice = open ? choices[active] : undefined;
  return (
    <div className={styles.wrapper}>
      <input
        {...control}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeChoice ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          setOpen(true);
          setActive(-1);
          onSearch(typed);
          if (value && typed !== value.label) onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
      />
      {/* The keyboard stays in the input (aria-activedescendant names the active choice): the
          list and its choices take no focus, as the ARIA combobox pattern has it. */}
      <div id={listId} role="listbox" className={styles.listbox} hidden={!open}>
        {open && choices.length === 0 ? (
          // Not a choice: said in the list, never picked.
          // biome-ignore lint/a11y/useFocusableInteractive: the input keeps the focus (aria-activedescendant).
          <div role="option" aria-disabled="true" aria-selected="false" className={styles.note}>
            {loading ? loadingText : emptyText}
          </div>
        ) : null}
        {open
          ? choices.map((choice, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the input keeps the focus (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the input (Down, Up, Enter).
              <div
                key={choice.id}
                id={optionId(index)}
                role="option"
                className={styles.option}
                aria-selected={value?.id === choice.id}
                data-active={index === active}
                // Keeps the focus in the input: the click picks, the blur does not close first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(choice)}
              >
                {choice.label}
              </div>
            ))
          : null}
      </div>
    </div>
  );
}
