import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/errors';
import type { LibraryFamily } from '../../../api/library';
import { libraryFamilyInputSchema } from '../../../contract/library';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { button } from '../../../ui/button.css';
import { Field } from '../../../ui/Field';
import * as styles from '../library.css';
import { libraryMessages as m } from '../messages';
import { FamilyEditForm } from './FamilyEditForm';

export interface FamilyNode extends LibraryFamily {
  children: FamilyNode[];
  depth: number;
}

/** The flat list (each naming its parent) as a tree, in the server's order (by name). */
export function familyTree(families: readonly LibraryFamily[]): FamilyNode[] {
  const nodes = new Map<number, FamilyNode>(families.map((f) => [f.id, { ...f, children: [], depth: 0 }]));
  const roots: FamilyNode[] = [];
  for (const family of families) {
    const node = nodes.get(family.id)!;
    const parent = family.parentId === null ? undefined : nodes.get(family.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (list: FamilyNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

/** Every family in tree order, each with its depth (a select's indented options). */
export function flatFamilies(families: readonly LibraryFamily[]): FamilyNode[] {
  const out: FamilyNode[] = [];
  const walk = (list: FamilyNode[]) => {
    for (const node of list) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(familyTree(families));
  return out;
}

/** A family's name indented by its depth, for a select's option. */
export const indentedName = (node: FamilyNode) => `${'\u00a0\u00a0'.repeat(node.depth)}${node.name}`;

export interface FamilyTreePanelProps {
  families: readonly LibraryFamily[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  onCreate: (input: { name: string; parentId: number | null }) => Promise<LibraryFamily>;
  /** Renames or moves the family (from its version); absent: no « Modifier la famille ». */
  onEdit?: (
    family: LibraryFamily,
    changes: { name: string; parentId: number | null },
  ) => Promise<LibraryFamily>;
}

/**
 * The side panel: every family as a tree to filter the list, « Ajouter une famille », and the
 * selected family's « Modifier » (its name and where it is filed).
 */
export function FamilyTreePanel({ families, selected, onSelect, onCreate, onEdit }: FamilyTreePanelProps) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  const selectedFamily = families.find((family) => family.id === selected);

  function startAdding() {
    setEditing(false);
    setAdding(true);
    setName('');
    setParentId(selected === null ? '' : String(selected));
    setError(null);
    setCreated(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { name, parentId: parentId === '' ? null : Number(parentId) };
    const checked = libraryFamilyInputSchema.safeParse(input);
    if (!checked.success) {
      setError(fieldCodeMessage(checked.error.issues[0]?.message ?? 'invalid'));
      return;
    }
    setBusy(true);
    try {
      const family = await onCreate(checked.data);
      setAdding(false);
      setCreated(m.familyCreated(family.name));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.fields.name
          ? fieldCodeMessage(failure.fields.name)
          : errorMessageFor(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  const renderNodes = (nodes: FamilyNode[]) => (
    <ul className={styles.tree}>
      {nodes.map((node) => (
        <li key={node.id}>
          <button
            type="button"
            className={styles.treeButton}
            aria-current={selected === node.id ? 'true' : undefined}
            onClick={() => onSelect(node.id)}
          >
            {node.name}
          </button>
          {node.children.length > 0 ? renderNodes(node.children) : null}
        </li>
      ))}
    </ul>
  );

  return (
    <nav className={styles.panel} aria-label={m.families}>
      <h3 className={styles.panelTitle}>{m.families}</h3>
      <ul className={styles.tree}>
        <li>
          <button
            type="button"
            className={styles.treeButton}
            aria-current={selected === null ? 'true' : undefined}
            onClick={() => onSelect(null)}
          >
            {m.allFamilies}
          </button>
        </li>
      </ul>
      {renderNodes(familyTree(families))}
      {editing && selectedFamily && onEdit ? (
        <FamilyEditForm
          key={selectedFamily.id}
          family={selectedFamily}
          families={families}
          onSave={onEdit}
          onDone={(saved) => {
            setEditing(false);
            if (saved) setCreated(m.familySaved(saved.name));
          }}
        />
      ) : adding ? (
        <form className={styles.familyForm} onSubmit={submit} noValidate aria-label={m.newFamily}>
          <Field label={m.familyName} required error={error}>
            {(control) => (
              <input
                {...control}
                value={name}
                aria-required
                // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request, for typing.
                autoFocus
                onChange={(event) => setName(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setAdding(false);
                }}
              />
            )}
          </Field>
          <Field label={m.familyParent}>
            {(control) => (
              <select {...control} value={parentId} onChange={(event) => setParentId(event.target.value)}>
                <option value="">{m.familyTop}</option>
                {flatFamilies(families).map((node) => (
                  <option key={node.id} value={String(node.id)}>
                    {indentedName(node)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className={styles.actions}>
            <button type="submit" className={button.primary} disabled={busy}>
              {m.createFamily}
            </button>
            <button type="button" className={button.secondary} onClick={() => setAdding(false)}>
              {m.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.actions} style={{ marginTop: 12, flexWrap: 'wrap' }}>
          <button type="button" className={button.secondary} onClick={startAdding}>
            {m.newFamily}
          </button>
          {selectedFamily && onEdit ? (
            <button
              type="button"
              className={button.secondary}
              onClick={() => {
                setCreated(null);
                setEditing(true);
              }}
            >
              {m.editFamily(selectedFamily.name)}
            </button>
          ) : null}
        </div>
      )}
      {created ? (
        <p role="status" className={styles.kindTag}>
          {created}
        </p>
      ) : null}
    </nav>
  );
}
