/**
 * The longest texts the invoicing API keeps (server/src/schemas/invoicing.ts: a quote's or an
 * invoice's line, the invoice's title and comment). The editor's inputs stop there, so that an
 * autosave is never refused for a length; a test checks that the server's schema agrees.
 */
export const invoiceTextLimits = {
  chapter: 200,
  label: 500,
  unit: 20,
  title: 200,
  comment: 4000,
  /** The reason a validated invoice goes back to PROVISOIRE (POST …/revert {version, reason}). */
  revertReason: 500,
} as const;

/**
 * The largest amounts a line takes, either sign: unit prices in cents (one billion euros) and
 * quantities in thousandths (one million units). src/contract/invoiceInputs.ts holds the bodies to them.
 */
export const invoiceAmountLimits = { cents: 100_000_000_000, quantityMilli: 1_000_000_000 } as const;
