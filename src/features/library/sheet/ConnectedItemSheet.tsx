import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import type { LibraryItem } from '../../../api/library';
import { $companyPath } from '../../../api/query';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { button } from '../../../ui/button.css';
import { Spinner } from '../../../ui/Spinner';
import { addToast } from '../../../ui/toasts/toastStore';
import * as styles from '../library.css';
import {
  $componentChoices,
  $componentSearch,
  $libraryFamilies,
  $libraryRates,
  $pricedComponents,
  $sheetItem,
  $vatRateChoices,
  closeSheet,
  createItem,
  type LibrarySheet,
  reloadItem,
  rememberPriced,
  removeItem,
  saveItem,
  setPricingIds,
} from '../libraryStores';
import { libraryMessages as m } from '../messages';
import { ItemSheetView } from './ItemSheet';

/** Typing waits this long before the composition's search asks the server. */
const SEARCH_DELAY_MS = 250;

/**
 * The open sheet from the data layer. The form starts from the item as read; a fresher read (the
 * cached copy revalidated) replaces it only while nothing is typed, so a background revalidation
 * never takes away what is being typed (a save from an old version is then a stale one).
 */
export function ItemSheet({
  sheet,
  familyId,
}: {
  sheet: NonNullable<LibrarySheet>;
  familyId: number | null;
}) {
  const stored = useStore($sheetItem);
  const { data: families } = useStore($libraryFamilies);
  const { data: vatRates } = useStore($vatRateChoices);
  const rates = useStore($libraryRates);
  const { data: priced } = useStore($pricedComponents);
  const { data: choices, loading: choicesLoading } = useStore($componentChoices);
  const [current, setCurrent] = useState<LibraryItem | null>(null);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => () => setPricingIds([]), []);

  const wanted = sheet.mode === 'item' ? sheet.id : null;
  const loaded = stored.data?.data;
  // The item as first read (or after this sheet's own save or reload).
  const item = current?.id === wanted ? current : loaded?.id === wanted ? loaded : null;
  if (
    loaded &&
    loaded.id === wanted &&
    (current?.id !== wanted || (!dirty.current && loaded.version !== current.version))
  )
    setCurrent(loaded);

  if (sheet.mode === 'item' && !item) {
    if (stored.error && !stored.loading) {
      const notFound = stored.error instanceof ApiError && stored.error.status === 404;
      return (
        <div className={styles.alert} role="alert">
          <p>{notFound ? errorMessageFor(stored.error) : m.itemFailed}</p>
          <button type="button" className={button.secondary} onClick={closeSheet}>
            {m.back}
          </button>
        </div>
      );
    }
    return <Spinner />;
  }

  return (
    <ItemSheetView
      key={item ? `${item.id}:${item.version}` : `new:${sheet.mode === 'new' ? sheet.kind : ''}`}
      item={item}
      kind={item?.kind ?? (sheet.mode === 'new' ? sheet.kind : 'supply')}
      initialFamilyId={familyId}
      families={families?.data ?? []}
      vatRates={vatRates?.data ?? []}
      rates={rates}
      pricedComponents={priced}
      onComponentIds={setPricingIds}
      componentChoices={choices?.data ?? []}
      componentsLoading={choicesLoading}
      onComponentSearch={(text) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => $componentSearch.set(text), SEARCH_DELAY_MS);
      }}
      onComponentPicked={(picked) => {
        const prefix = $companyPath.get();
        if (prefix) rememberPriced(prefix, picked);
      }}
      onCreate={createItem}
      onSave={async (from, changes) => {
        const saved = await saveItem(from, changes);
        setCurrent(saved);
        return saved;
      }}
      onReload={async (id) => setCurrent(await reloadItem(id))}
      onDelete={async (id) => {
        await removeItem(id);
        addToast(m.deleted, { type: 'success' });
      }}
      onBack={closeSheet}
      onDirtyChange={(value) => {
        dirty.current = value;
      }}
      onSaved={(_saved, created) => addToast(created ? m.created : m.saved, { type: 'success' })}
    />
  );
}
