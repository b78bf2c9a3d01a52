import { lazy, Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { Spinner } from '../../ui/Spinner';

/** The screen, its table, form and pricing rule: a lazy chunk, so a page's first load does not grow. */
const PriceLibrary = lazy(async () => ({ default: (await import('./PriceLibrary')).PriceLibrary }));
/** The import dialog (its own chunk, fetched when « Importer » is first used). */
const ImportDialog = lazy(async () => ({ default: (await import('./import/ImportDialog')).ImportDialog }));

export type PriceLibraryElementProps = ElementHostProps;

/** `<bo-price-library>`: the price library (« Base de données ») on a platform page. */
export function PriceLibraryElement(_props: PriceLibraryElementProps) {
  return (
    <Suspense fallback={<Spinner />}>
      {/*
        The area's own heading (« Base de données », h2 under the page's h1), as <bo-reporting> and
        <bo-site-management> have theirs: mounted alone on a page, the element still says what it is.
      */}
      <PriceLibrary
        renderImport={({ open, onClose }) =>
          open ? (
            <Suspense fallback={<Spinner />}>
              <ImportDialog open={open} onClose={onClose} />
            </Suspense>
          ) : null
        }
      />
    </Suspense>
  );
}
