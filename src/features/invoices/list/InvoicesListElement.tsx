import type { ElementHostProps } from '../../../elements/defineElement';
import { InvoicesListScreen } from './InvoicesListScreen';

/**
 * `<bo-invoices-list>`: « Mes factures » on a platform page, the SPA's own list (search, filters,
 * sorts, totals, selection); an invoice's link opens its editor the way the menu's links go (from a
 * platform page, through the platform's release-and-redirect page). The page's address is left
 * alone. The element is a lazy chunk of its own.
 */
export function InvoicesListElement(_props: ElementHostProps) {
  return <InvoicesListScreen inAddress={false} />;
}
