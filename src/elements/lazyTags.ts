/**
 * The areas' elements, one line each: the tag's definition and its element module, fetched the
 * first time the tag is on the page (src/define.ts registers them). A line is all a tag costs the
 * page entry (the definition's few words and its chunk's address): dist/define.js stays within its
 * 90 kB budget whatever the number of tags. An element module exports its component and nothing
 * else (lazyTags.test.ts checks it).
 *
 * A new element: its definition in definitions.ts, its words in catalog.ts, its tag in tags.ts and
 * one line here.
 */

import * as definitions from './definitions';

export const lazyTags: [definitions.ElementDefinition, () => Promise<Record<string, unknown>>][] = [
  [definitions.customerSheetDefinition, () => import('../features/customers/CustomerSheetElement')],
  [definitions.invoiceEditorDefinition, () => import('../features/invoices/InvoiceEditorElement')],
  [definitions.priceLibraryDefinition, () => import('../features/library/PriceLibraryElement')],
  [definitions.quotesListDefinition, () => import('../features/quotes/list/QuotesListElement')],
  [definitions.measureGroupsDefinition, () => import('../features/applications/MeasureGroupsElement')],
  [definitions.measureGroupDefinition, () => import('../features/applications/MeasureGroupElement')],
  [definitions.quoteEditorDefinition, () => import('../features/quotes/QuoteEditorElement')],
  [
    definitions.paymentsOutstandingDefinition,
    () => import('../features/payments/PaymentsOutstandingElement'),
  ],
  [definitions.paymentsReceivedDefinition, () => import('../features/payments/PaymentsReceivedElement')],
  [definitions.preferencesFormDefinition, () => import('../features/preferences/PreferencesFormElement')],
  [definitions.customersListDefinition, () => import('../features/customers/list/CustomersListElement')],
  [definitions.invoicesListDefinition, () => import('../features/invoices/list/InvoicesListElement')],
  [definitions.jobsListDefinition, () => import('../features/jobs/JobsListElement')],
  [definitions.jobSheetDefinition, () => import('../features/jobs/JobSheetElement')],
  [definitions.exportsDefinition, () => import('../features/exports/ExportsElement')],
  [definitions.reportingDefinition, () => import('../features/reporting/ReportingElement')],
  [definitions.siteManagementDefinition, () => import('../features/site-management/SiteManagementElement')],
  [definitions.activityLogDefinition, () => import('../features/activity/ActivityLogElement')],
];
