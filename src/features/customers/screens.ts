/**
 * The customers area's screens, as the SPA host mounts them (one lazy chunk for the area):
 * `/gestion-clients/nouveau` and `/gestion-clients/{customerId}`. Each renders its own `<h1>` and
 * content inside the host's page frame. The list (`/gestion-clients`, list/CustomersListScreen) is
 * a chunk of its own (src/app/screens.tsx).
 */
export { CustomerSheetScreen } from './sheet/CustomerSheetScreen';
export { NewCustomerScreen } from './sheet/NewCustomerScreen';
