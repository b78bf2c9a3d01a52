import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';
import { PriceLibrary } from './PriceLibrary';

/** The import dialog (its own chunk, fetched when « Importer » is first used). */
const ImportDialog = lazyComponent(async () => (await import('./import/ImportDialog')).ImportDialog);

export type PriceLibraryElementProps = ElementHostProps;

/**
 * `<bo-price-library>`: the price library (« Base de données ») on a platform page. This module is
 * itself a lazy chunk (src/elements/lazyTags.ts): the screen comes with it (issue 27: a second lazy
 * step cost a round trip, and React's 300 ms hold of a suspended boundary, before the items were
 * even asked for).
 */
export function PriceLibraryElement(_props: PriceLibraryElementProps) {
  return (
    // The area's own heading (« Base de données », h2 under the page's h1), as <bo-reporting> and
    // <bo-site-management> have theirs: mounted alone on a page, the element still says what it is.
    <PriceLibrary
      renderImport={({ open, onClose }) =>
        open ? (
          <Suspense fallback={<Spinner />}>
            <ImportDialog open={open} onClose={onClose} />
          </Suspense>
        ) : null
      }
    />
  );
}
