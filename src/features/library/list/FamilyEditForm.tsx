import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../api/errors';
import type { LibraryFamily } from '../../../api/library';
import { lazy } from '../../../contract/lazy';
import { libraryFamilyInputSchema } from '../../../contract/library';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { button } from '../../../ui/button.css';
import { Field } from '../../../ui/Field';
import * as styles from '../library.css';
import { libraryMessages as m } from '../messages';
import { type FamilyNode, flatFamilies, indentedName } from './FamilyTree';

/** The contract's name rule; the parent as the select holds it ('' for the top level). */
const familyFormSchema = lazy(() =>
  z.object({ name: libraryFamilyInputSchema.shape.name, parentId: z.string() }),
);
type FamilyFormValues = z.input<typeof familyFormSchema>;

/** `family` and every family under it: where it cannot go. */
function subtree(families: readonly LibraryFamily[], family: number): Set<number> {
  const inside = new Set([family]);
  for (const node of flatFamilies(families))
    if (node.parentId !== null && inside.has(node.parentId)) inside.add(node.id);
  return inside;
}

export interface FamilyEditFormProps {
  family: LibraryFamily;
  families: readonly LibraryFamily[];
  onSave: (
    family: LibraryFamily,
    changes: { name: string; parentId: number | null },
  ) => Promise<LibraryFamily>;
  onDone: (saved: LibraryFamily | null) => void;
}

/**
 * Renames a family or moves it under another (never under itself nor one of its sub-families: the
 * select does not offer them, and the server refuses them). A refusal keeps what was typed.
 */
export function FamilyEditForm({ family, families, onSave, onDone }: FamilyEditFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FamilyFormValues>({
    defaultValues: { name: family.name, parentId: family.parentId === null ? '' : String(family.parentId) },
    resolver: zodResolver(familyFormSchema),
  });
  // The server's refusal (409 stale_version…), until the next save.
  const [refusal, setRefusal] = useState<string | null>(null);
  const excluded = subtree(families, family.id);
  const parents: FamilyNode[] = flatFamilies(families).filter((node) => !excluded.has(node.id));

  const submit = handleSubmit(async ({ name, parentId }) => {
    setRefusal(null);
    try {
      onDone(
        await onSave(family, { name: name.trim(), parentId: parentId === '' ? null : Number(parentId) }),
      );
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (fields.name) setError('name', { message: fields.name });
      else if (fields.parentId) setError('parentId', { message: fields.parentId });
      else setRefusal(errorMessageFor(failure));
    }
  });

  const message = (code: string | undefined) => (code ? fieldCodeMessage(code) : null);
  return (
    <form className={styles.familyForm} onSubmit={submit} noValidate aria-label={m.editFamily(family.name)}>
      {refusal ? (
        <p className={styles.alert} role="alert">
          {refusal}
        </p>
      ) : null}
      <Field label={m.familyName} required error={message(errors.name?.message)}>
        {(control) => (
          <input
            {...control}
            {...register('name')}
            aria-required
            // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request, for typing.
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') onDone(null);
            }}
          />
        )}
      </Field>
      <Field label={m.familyParent} error={message(errors.parentId?.message)}>
        {(control) => (
          <select {...control} {...register('parentId')}>
            <option value="">{m.familyTop}</option>
            {parents.map((node) => (
              <option key={node.id} value={String(node.id)}>
                {indentedName(node)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {m.saveFamily}
        </button>
        <button type="button" className={button.secondary} onClick={() => onDone(null)}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
