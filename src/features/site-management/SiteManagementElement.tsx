import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The screen, its forms and table: a lazy chunk, so a page's first load does not grow. */
const SiteManagement = lazyComponent(async () => (await import('./SiteManagement')).SiteManagement);

export type SiteManagementElementProps = ElementHostProps;

/**
 * `<bo-site-management>`: « Gestion chantier » on a platform page (/app/prive/#/gestion-chantier),
 * for the session's company. Without the scope gestion-de-chantier the API answers 403
 * scope_required: the page shows its subscription message instead of the element.
 */
function SiteManagementElementDrawn(_props: SiteManagementElementProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <SiteManagement headingLevel={2} />
    </Suspense>
  );
}

export const SiteManagementElement = drawsAtOnce(SiteManagementElementDrawn, SiteManagement);
