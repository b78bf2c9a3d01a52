/**
 * The page entry: registers every bo-* tag (the library's only module with side effects).
 *
 *   <script type="application/json" id="bo-config">{ ... }</script>
 *   <script type="module" src=".../bo-elements/dist/define.js"></script>
 *   <bo-nav-bar></bo-nav-bar>
 */
import { getConfig } from './config/config';
import { defineElement } from './elements/defineElement';
import {
  customerSheetDefinition,
  invoiceEditorDefinition,
  measureGroupDefinition,
  measureGroupsDefinition,
  navBarDefinition,
  notificationBellDefinition,
  priceLibraryDefinition,
  quoteEditorDefinition,
  quotesListDefinition,
  shellDefinition,
} from './elements/definitions';
import { registerFonts } from './elements/fonts';
import { lazyElement } from './elements/lazyElement';
import { NavBar } from './features/nav-bar/NavBar';
import { NotificationBell } from './features/notifications/NotificationBell';
import { captureGlobalErrors } from './logging/captureGlobalErrors';
import { startMonitoring } from './logging/monitoring';
import { Shell } from './ui/shell/Shell';

registerFonts();
captureGlobalErrors();
void startMonitoring(getConfig());

defineElement(shellDefinition, Shell);
defineElement(navBarDefinition, NavBar);
defineElement(notificationBellDefinition, NotificationBell);
// The areas' elements load their code on first use; the page entry keeps the shell, the nav bar and
// the bell, which every page shows at once.
defineElement(
  customerSheetDefinition,
  lazyElement(async () => (await import('./features/customers/CustomerSheetElement')).CustomerSheetElement),
);
defineElement(
  invoiceEditorDefinition,
  lazyElement(async () => (await import('./features/invoices/InvoiceEditorElement')).InvoiceEditorElement),
);
defineElement(
  priceLibraryDefinition,
  lazyElement(async () => (await import('./features/library/PriceLibraryElement')).PriceLibraryElement),
);
defineElement(
  quotesListDefinition,
  lazyElement(async () => (await import('./features/quotes/list/QuotesListElement')).QuotesListElement),
);
defineElement(
  measureGroupsDefinition,
  lazyElement(
    async () => (await import('./features/applications/MeasureGroupsElement')).MeasureGroupsElement,
  ),
);
defineElement(
  measureGroupDefinition,
  lazyElement(async () => (await import('./features/applications/MeasureGroupElement')).MeasureGroupElement),
);
defineElement(
  quoteEditorDefinition,
  lazyElement(async () => (await import('./features/quotes/QuoteEditorElement')).QuoteEditorElement),
);
