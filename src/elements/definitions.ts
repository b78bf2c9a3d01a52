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
