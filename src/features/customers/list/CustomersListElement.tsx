import type { ElementHostProps } from '../../../elements/defineElement';
import { CustomersListScreen } from './CustomersListScreen';

/**
 * `<bo-customers-list>`: « Gestion clients » on a platform page, the SPA's own list (search, type
 * filter, sorts, pages); a customer's row opens their sheet the way the menu's links go (in the SPA
 * the router, elsewhere the client's page). The element is a lazy chunk of its own.
 */
export function CustomersListElement(_props: ElementHostProps) {
  return <CustomersListScreen />;
}
