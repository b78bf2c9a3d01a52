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

export const notificationBellDefinition = {
  tag: 'bo-notification-bell',
  props: {},
} satisfies ElementDefinition;
