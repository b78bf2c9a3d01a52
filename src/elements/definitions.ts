/**
 * What the browser needs to register each tag: its name and the attributes it observes, with
 * their types. The words that document them live in catalog.ts, out of the page's bundle.
 */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export interface ElementDefinition {
  tag: `bo-${string}`;
  /** React prop → attribute type; the attribute is the prop's kebab-case form. */
  props: Record<string, AttributeType>;
}

export const shellDefinition = { tag: 'bo-shell', props: {} } satisfies ElementDefinition;

export const navBarDefinition = { tag: 'bo-nav-bar', props: {} } satisfies ElementDefinition;

/** `customer-id`: the customer to show (digits). */
export const customerSheetDefinition = {
  tag: 'bo-customer-sheet',
  props: { customerId: 'number' },
} satisfies ElementDefinition;

/** `invoice-ref-id`: the invoice to edit (digits). */
export const invoiceEditorDefinition = {
  tag: 'bo-invoice-editor',
  props: { invoiceRefId: 'number' },
} satisfies ElementDefinition;

/** `quote-id`: the quote to edit (digits). */
export const quoteEditorDefinition = {
  tag: 'bo-quote-editor',
  props: { quoteId: 'number' },
} satisfies ElementDefinition;

/** The company's quotes; choosing one dispatches `bo-quote-open` (the page opens the editor). */
export const quotesListDefinition = { tag: 'bo-quotes-list', props: {} } satisfies ElementDefinition;

/** The price library (« Base de données »): no attributes, the session's company. */
export const priceLibraryDefinition = { tag: 'bo-price-library', props: {} } satisfies ElementDefinition;

/** `application`: pix4d or sema, the application whose measure groups are listed. */
export const measureGroupsDefinition = {
  tag: 'bo-measure-groups',
  props: { application: 'string' },
} satisfies ElementDefinition;

/** `group-id`: the measure group to show (digits). */
export const measureGroupDefinition = {
  tag: 'bo-measure-group',
  props: { groupId: 'number' },
} satisfies ElementDefinition;

export const notificationBellDefinition = {
  tag: 'bo-notification-bell',
  props: {},
} satisfies ElementDefinition;

// Issue 25: the areas the SPA shows, as elements (each one a lazy chunk, see lazyTags.ts).

/** « Règlements en attente » and « Régler la sélection »: the session's company. */
export const paymentsOutstandingDefinition = {
  tag: 'bo-payments-outstanding',
  props: {},
} satisfies ElementDefinition;

/** « Règlements reçus » and « Supprimer la sélection »: the session's company. */
export const paymentsReceivedDefinition = {
  tag: 'bo-payments-received',
  props: {},
} satisfies ElementDefinition;

/** `page`: the settings screen, its path under /preferences (`gestion-tva`, `documents/formats`…). */
export const preferencesFormDefinition = {
  tag: 'bo-preferences-form',
  props: { page: 'string' },
} satisfies ElementDefinition;

/** « Gestion clients »: the session's company's customers. */
export const customersListDefinition = { tag: 'bo-customers-list', props: {} } satisfies ElementDefinition;

/** « Mes factures »: the session's company's invoices. */
export const invoicesListDefinition = { tag: 'bo-invoices-list', props: {} } satisfies ElementDefinition;

/** The Affaires list: the session's company's jobs. */
export const jobsListDefinition = { tag: 'bo-jobs-list', props: {} } satisfies ElementDefinition;

/** `job-id`: the job to show (digits). */
export const jobSheetDefinition = {
  tag: 'bo-job-sheet',
  props: { jobId: 'number' },
} satisfies ElementDefinition;

/** `kind`: bank-journal, cheque-remittance, collected-vat or invoicing; none: all five exports. */
export const exportsDefinition = { tag: 'bo-exports', props: { kind: 'string' } } satisfies ElementDefinition;

/** The figures and charts of « Suivi d'activité » (issue 24): no attributes, the session's company. */
export const reportingDefinition = { tag: 'bo-reporting', props: {} } satisfies ElementDefinition;

/** « Gestion chantier » (issue 24): a job's planning, hours, purchases and margin; the session's company. */
export const siteManagementDefinition = { tag: 'bo-site-management', props: {} } satisfies ElementDefinition;

/** The activity log of « Suivi d'activité » (issue 24); `object-type` + `object-id`: one object's history. */
export const activityLogDefinition = {
  tag: 'bo-activity-log',
  props: { objectType: 'string', objectId: 'number' },
} satisfies ElementDefinition;
