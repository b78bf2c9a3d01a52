import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryFamily, LibraryPage } from '../../api/library';
import { type LibraryKind, libraryKinds } from '../../contract/library';
import { button } from '../../ui/button.css';
import { Field } from '../../ui/Field';
import { ListBody, pageView } from '../../ui/ListBody';
import { FilterBar, useSearchText } from '../../ui/ListFilters';
import { addToast } from '../../ui/toasts/toastStore';
import * as styles from './library.css';
import {
  $libraryFamilies,
  $libraryPage,
  $libraryQuery,
  $librarySheet,
  addFamily,
  editFamily,
  initialLibraryQuery,
  LIBRARY_PAGE_SIZE,
  type LibraryListQuery,
  openItem,
  openNewItem,
  refreshLibrary,
  setLibraryQuery,
} from './libraryStores';
import { FamilyTreePanel } from './list/FamilyTree';
import { LibraryTable } from './list/LibraryTable';
import { kindFilterLabels, libraryMessages as m, newKindLabels } from './messages';
import { ItemSheet } from './sheet/ConnectedItemSheet';

export interface PriceLibraryViewProps {
  query: LibraryListQuery;
  /** The page shown (a stale one while the next loads); undefined before the first answer. */
  page: LibraryPage | undefined;
  loading: boolean;
  failed: boolean;
  families: readonly LibraryFamily[];
  onQuery: (changes: Partial<LibraryListQuery>) => void;
  onRetry: () => void;
  onOpen: (id: number) => void;
  onNew: (kind: LibraryKind) => void;
  onCreateFamily: (input: { name: string; parentId: number | null }) => Promise<LibraryFamily>;
  /** Renames or moves a family (absent: families are only added). */
  onEditFamily?: (
    family: LibraryFamily,
    changes: { name: string; parentId: number | null },
  ) => Promise<LibraryFamily>;
  /** « Importer »: opens the import dialog (absent: no button). */
  onImport?: () => void;
  /** The open item sheet, shown instead of the list (the list's filters are kept). */
  sheet?: ReactNode;
  /** The import dialog, when open. */
  children?: ReactNode;
  /** The screen's own heading; false where the page has one (the platform's section). */
  showTitle?: boolean;
}

/** « Nouvel élément »: a disclosure of the four kinds (Escape closes it, focus back on the button). */
function NewItemMenu({ onNew }: { onNew: (kind: LibraryKind) => void }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };
  return (
    <div style={{ position: 'relative' }}>
      <button
        ref={toggle}
        type="button"
        className={button.primary}
        aria-expanded={open}
        aria-controls="library-new-kinds"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onKeyDown}
      >
        {m.newItem}
      </button>
      {/* Always in the page (hidden when closed), so aria-controls names an element. */}
      <ul
        id="library-new-kinds"
        hidden={!open}
        className={styles.panel}
        style={{
          position: 'absolute',
          insetInlineEnd: 0,
          zIndex: 2,
          listStyle: 'none',
          margin: '4px 0 0',
          minWidth: 220,
        }}
      >
        {libraryKinds.map((kind) => (
          <li key={kind}>
            <button
              type="button"
              className={styles.treeButton}
              onKeyDown={onKeyDown}
              onClick={() => {
                setOpen(false);
                onNew(kind);
              }}
            >
              {newKindLabels[kind]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * « Base de données »: the price library's list (search as you type, kind, family tree, sort,
 * pages) with each item's déboursé sec and sale price, or the open item's sheet. Driven by its
 * props (the stories give their own); `PriceLibrary` below connects it to the data layer.
 */
export function PriceLibraryView({
  query,
  page,
  loading,
  failed,
  families,
  onQuery,
  onRetry,
  onOpen,
  onNew,
  onCreateFamily,
  onEditFamily,
  onImport,
  sheet,
  children,
  showTitle = true,
}: PriceLibraryViewProps) {
  const onSearch = useCallback((q: string) => onQuery({ q }), [onQuery]);
  const search = useSearchText(query.q, onSearch);
  const filtered = query.q.trim() !== '' || query.kind !== '' || query.familyId !== null;

  if (sheet) return <div>{sheet}</div>;
  const hits = page?.info.hits ?? 0;
  return (
    <div>
      <div className={styles.header}>
        <div>
          {showTitle ? <h2 className={styles.title}>{m.title}</h2> : null}
          <p className={styles.subtitle}>{m.subtitle}</p>
        </div>
        <div className={styles.actions}>
          {onImport ? (
            <button type="button" className={button.secondary} onClick={onImport}>
              {m.import}
            </button>
          ) : null}
          <NewItemMenu onNew={onNew} />
        </div>
      </div>
      <div className={styles.layout}>
        <FamilyTreePanel
          families={families}
          selected={query.familyId}
          onSelect={(familyId) => onQuery({ familyId })}
          onCreate={onCreateFamily}
          onEdit={onEditFamily}
        />
        <div>
          <FilterBar
            className={styles.toolbar}
            search={search}
            filtered={filtered}
            onClear={() => onQuery({ q: '', kind: '', familyId: null })}
          >
            <Field label={m.search} className={styles.searchField}>
              {(control) => (
                <input
                  {...control}
                  type="search"
                  value={search.text}
                  placeholder={m.searchPlaceholder}
                  autoComplete="off"
                  onChange={(event) => search.setText(event.target.value)}
                />
              )}
            </Field>
            <Field label={m.kind}>
              {(control) => (
                <select
                  {...control}
                  value={query.kind}
                  onChange={(event) => onQuery({ kind: event.target.value as LibraryKind | '' })}
                >
                  <option value="">{m.allKinds}</option>
                  {libraryKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindFilterLabels[kind]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </FilterBar>
          <ListBody
            view={pageView(page, failed)}
            failed={failed ? { message: m.listFailed, onRetry } : null}
            empty={{
              title: filtered ? m.noMatch : m.empty,
              text: filtered ? m.noMatchText : m.emptyText,
              actions: filtered ? (
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => {
                    search.clear();
                    onQuery({ q: '', kind: '', familyId: null });
                  }}
                >
                  {m.clearFilters}
                </button>
              ) : (
                <>
                  <button type="button" className={button.secondary} onClick={() => onNew('supply')}>
                    {newKindLabels.supply}
                  </button>
                  <button type="button" className={button.secondary} onClick={() => onNew('work')}>
                    {newKindLabels.work}
                  </button>
                  {onImport ? (
                    <button type="button" className={button.secondary} onClick={onImport}>
                      {m.import}
                    </button>
                  ) : null}
                </>
              ),
            }}
            rows={() =>
              page && (
                <LibraryTable
                  rows={page.data}
                  sort={query.sort}
                  order={query.order}
                  busy={loading}
                  page={query.page}
                  pageSize={LIBRARY_PAGE_SIZE}
                  hits={hits}
                  onSort={(sort) =>
                    onQuery({ sort, order: sort === query.sort && query.order === 'asc' ? 'desc' : 'asc' })
                  }
                  onPage={(target) => onQuery({ page: target })}
                  onOpen={onOpen}
                />
              )
            }
          />
        </div>
      </div>
      {children}
    </div>
  );
}

export interface PriceLibraryProps {
  showTitle?: boolean;
  /** The import dialog (issue 22, « Imports »), given by the element (a lazy chunk). */
  renderImport?: (props: { open: boolean; onClose: () => void }) => ReactNode;
}

/** The price library from the data layer: the list and the item sheet of the session's company. */
export function PriceLibrary({ renderImport, showTitle = true }: PriceLibraryProps) {
  const query = useStore($libraryQuery);
  const { data: page, loading, error } = useStore($libraryPage);
  const { data: families } = useStore($libraryFamilies);
  const sheet = useStore($librarySheet);
  const [importing, setImporting] = useState(false);
  // The screen shown again later starts from the list, its filters cleared.
  useEffect(
    () => () => {
      $librarySheet.set(null);
      $libraryQuery.set({ ...initialLibraryQuery });
    },
    [],
  );
  return (
    <PriceLibraryView
      query={query}
      page={page}
      loading={loading}
      failed={Boolean(error) && !loading}
      families={families?.data ?? []}
      onQuery={setLibraryQuery}
      onRetry={() => $libraryPage.invalidate()}
      onOpen={openItem}
      onNew={openNewItem}
      onCreateFamily={async (input) => {
        const family = await addFamily(input);
        addToast(m.familyCreated(family.name), { type: 'success' });
        return family;
      }}
      onEditFamily={editFamily}
      onImport={renderImport ? () => setImporting(true) : undefined}
      sheet={sheet ? <ItemSheet sheet={sheet} familyId={query.familyId} /> : null}
      showTitle={showTitle}
    >
      {renderImport
        ? renderImport({
            open: importing,
            onClose: () => {
              setImporting(false);
              // What an import created or changed shows at once.
              refreshLibrary();
            },
          })
        : null}
    </PriceLibraryView>
  );
}
