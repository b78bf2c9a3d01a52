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
import {
  activityLogDefinition,
  customerSheetDefinition,
  customersListDefinition,
  type ElementDefinition,
  exportsDefinition,
  invoiceEditorDefinition,
  invoicesListDefinition,
  jobSheetDefinition,
  jobsListDefinition,
  measureGroupDefinition,
  measureGroupsDefinition,
  paymentsOutstandingDefinition,
  paymentsReceivedDefinition,
  preferencesFormDefinition,
  priceLibraryDefinition,
  quoteEditorDefinition,
  quotesListDefinition,
  reportingDefinition,
  siteManagementDefinition,
} from './definitions';

export const lazyTags: [ElementDefinition, () => Promise<Record<string, unknown>>][] = [
  [customerSheetDefinition, () => import('../features/customers/CustomerSheetElement')],
  [invoiceEditorDefinition, () => import('../features/invoices/InvoiceEditorElement')],
  [priceLibraryDefinition, () => import('../features/library/PriceLibraryElement')],
  [quotesListDefinition, () => import('../features/quotes/list/QuotesListElement')],
  [measureGroupsDefinition, () => import('../features/applications/MeasureGroupsElement')],
  [measureGroupDefinition, () => import('../features/applications/MeasureGroupElement')],
  [quoteEditorDefinition, () => import('../features/quotes/QuoteEditorElement')],
  [paymentsOutstandingDefinition, () => import('../features/payments/PaymentsOutstandingElement')],
  [paymentsReceivedDefinition, () => import('../features/payments/PaymentsReceivedElement')],
  [preferencesFormDefinition, () => import('../features/preferences/PreferencesFormElement')],
  [customersListDefinition, () => import('../features/customers/list/CustomersListElement')],
  [invoicesListDefinition, () => import('../features/invoices/list/InvoicesListElement')],
  [jobsListDefinition, () => import('../features/jobs/JobsListElement')],
  [jobSheetDefinition, () => import('../features/jobs/JobSheetElement')],
  [exportsDefinition, () => import('../features/exports/ExportsElement')],
  [reportingDefinition, () => import('../features/reporting/ReportingElement')],
  [siteManagementDefinition, () => import('../features/site-management/SiteManagementElement')],
  [activityLogDefinition, () => import('../features/activity/ActivityLogElement')],
];
