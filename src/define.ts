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
  navBarDefinition,
  notificationBellDefinition,
  priceLibraryDefinition,
  quoteEditorDefinition,
  quotesListDefinition,
  shellDefinition,
} from './elements/definitions';
import { registerFonts } from './elements/fonts';
import { CustomerSheetElement } from './features/customers/CustomerSheetElement';
import { InvoiceEditorElement } from './features/invoices/InvoiceEditorElement';
import { PriceLibraryElement } from './features/library/PriceLibraryElement';
import { NavBar } from './features/nav-bar/NavBar';
import { NotificationBell } from './features/notifications/NotificationBell';
import { QuotesListElement } from './features/quotes/list/QuotesListElement';
import { QuoteEditorElement } from './features/quotes/QuoteEditorElement';
import { captureGlobalErrors } from './logging/captureGlobalErrors';
import { startMonitoring } from './logging/monitoring';
import { Shell } from './ui/shell/Shell';

registerFonts();
captureGlobalErrors();
void startMonitoring(getConfig());

defineElement(shellDefinition, Shell);
defineElement(navBarDefinition, NavBar);
defineElement(notificationBellDefinition, NotificationBell);
defineElement(customerSheetDefinition, CustomerSheetElement);
defineElement(invoiceEditorDefinition, InvoiceEditorElement);
defineElement(priceLibraryDefinition, PriceLibraryElement);
defineElement(quotesListDefinition, QuotesListElement);
defineElement(quoteEditorDefinition, QuoteEditorElement);
