/**
 * The bo-* tags in TypeScript's DOM and React 19 JSX typings, so `document.querySelector('bo-shell')`
 * and `<bo-shell />` are typed in host code.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

export type BoShellElement = HTMLElement;
/** `<bo-nav-bar>`: the top menu with the notification bell (events: bo-navigate, bo-logout, …). */
export type BoNavBarElement = HTMLElement;
/** `<bo-notification-bell>`: the bell alone, for pages with a menu of their own. */
export type BoNotificationBellElement = HTMLElement;
/** `<bo-customer-sheet customer-id="42">`: a customer's sheet (events: bo-customer-deleted). */
export type BoCustomerSheetElement = HTMLElement;
/** `<bo-invoice-editor invoice-ref-id="4521">`: the invoice editor (events: bo-invoice-deleted, bo-invoice-cancelled). */
export type BoInvoiceEditorElement = HTMLElement;
/** `<bo-quote-editor quote-id="12">`: the quote editor (events: bo-quote-opened). */
export type BoQuoteEditorElement = HTMLElement;
/** `<bo-price-library>`: the price library, « Base de données » (no attributes, no events). */
export type BoPriceLibraryElement = HTMLElement;
/** `<bo-quotes-list>`: the company's quotes and « Nouveau devis » (events: bo-quote-open). */
export type BoQuotesListElement = HTMLElement;
/** `<bo-measure-groups application="pix4d">`: an application's measure groups (events: bo-measure-group-created). */
export type BoMeasureGroupsElement = HTMLElement;
/** `<bo-measure-group group-id="12">`: a measure group, its measures, import and events. */
export type BoMeasureGroupElement = HTMLElement;
/** `<bo-payments-outstanding>`: « Règlements en attente » and its payment run (events: bo-payments-recorded). */
export type BoPaymentsOutstandingElement = HTMLElement;
/** `<bo-payments-received>`: « Règlements reçus » and its deletion (events: bo-payments-deleted). */
export type BoPaymentsReceivedElement = HTMLElement;
/** `<bo-preferences-form page="gestion-tva">`: one settings screen, chosen by its path under /preferences. */
export type BoPreferencesFormElement = HTMLElement & { page?: string };
/** `<bo-customers-list>`: « Gestion clients », the customers list. */
export type BoCustomersListElement = HTMLElement;
/** `<bo-invoices-list>`: « Mes factures », the invoices list. */
export type BoInvoicesListElement = HTMLElement;
/** `<bo-jobs-list>`: the Affaires list. */
export type BoJobsListElement = HTMLElement;
/** `<bo-job-sheet job-id="3">`: a job's sheet. */
export type BoJobSheetElement = HTMLElement & { jobId?: number };
/** `<bo-exports>`: the five accounting exports, or one (`kind`). */
export type BoExportsElement = HTMLElement & { kind?: BoExportKind };
/** The `kind` attribute of `<bo-exports>`. */
export type BoExportKind = 'bank-journal' | 'cheque-remittance' | 'collected-vat' | 'invoicing';
/** `<bo-reporting>`: the figures and charts of « Suivi d'activité » for a chosen period. */
export type BoReportingElement = HTMLElement;
/** `<bo-site-management>`: « Gestion chantier », a job's planning, hours, purchases and margin. */
export type BoSiteManagementElement = HTMLElement;
/** `<bo-activity-log>`: the company's activity log, or one object's (`object-type`, `object-id`). */
export type BoActivityLogElement = HTMLElement & { objectType?: string; objectId?: number };

type ElementJsx<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;

declare global {
  interface HTMLElementTagNameMap {
    'bo-shell': BoShellElement;
    'bo-nav-bar': BoNavBarElement;
    'bo-notification-bell': BoNotificationBellElement;
    'bo-customer-sheet': BoCustomerSheetElement;
    'bo-invoice-editor': BoInvoiceEditorElement;
    'bo-quote-editor': BoQuoteEditorElement;
    'bo-price-library': BoPriceLibraryElement;
    'bo-quotes-list': BoQuotesListElement;
    'bo-measure-groups': BoMeasureGroupsElement;
    'bo-measure-group': BoMeasureGroupElement;
    'bo-payments-outstanding': BoPaymentsOutstandingElement;
    'bo-payments-received': BoPaymentsReceivedElement;
    'bo-preferences-form': BoPreferencesFormElement;
    'bo-customers-list': BoCustomersListElement;
    'bo-invoices-list': BoInvoicesListElement;
    'bo-jobs-list': BoJobsListElement;
    'bo-job-sheet': BoJobSheetElement;
    'bo-exports': BoExportsElement;
    'bo-reporting': BoReportingElement;
    'bo-site-management': BoSiteManagementElement;
    'bo-activity-log': BoActivityLogElement;
  }
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'bo-shell': ElementJsx<Record<never, never>>;
      'bo-nav-bar': ElementJsx<Record<never, never>>;
      'bo-notification-bell': ElementJsx<Record<never, never>>;
      'bo-customer-sheet': ElementJsx<{ 'customer-id'?: number | string }>;
      'bo-invoice-editor': ElementJsx<{ 'invoice-ref-id'?: number | string }>;
      'bo-quote-editor': ElementJsx<{ 'quote-id'?: number | string }>;
      'bo-price-library': ElementJsx<Record<never, never>>;
      'bo-quotes-list': ElementJsx<Record<never, never>>;
      'bo-measure-groups': ElementJsx<{ application?: 'pix4d' | 'sema' | string }>;
      'bo-measure-group': ElementJsx<{ 'group-id'?: number | string }>;
      'bo-payments-outstanding': ElementJsx<Record<never, never>>;
      'bo-payments-received': ElementJsx<Record<never, never>>;
      'bo-preferences-form': ElementJsx<{ page?: string }>;
      'bo-customers-list': ElementJsx<Record<never, never>>;
      'bo-invoices-list': ElementJsx<Record<never, never>>;
      'bo-jobs-list': ElementJsx<Record<never, never>>;
      'bo-job-sheet': ElementJsx<{ 'job-id'?: number | string }>;
      'bo-exports': ElementJsx<{ kind?: BoExportKind }>;
      'bo-reporting': ElementJsx<Record<never, never>>;
      'bo-site-management': ElementJsx<Record<never, never>>;
      'bo-activity-log': ElementJsx<{ 'object-type'?: string; 'object-id'?: number | string }>;
    }
  }
}
