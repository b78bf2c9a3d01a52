/**
 * The invoicing domain: pure rules (no I/O), called by the routes, which load, call and store.
 * Money in integer cents, quantities and unit prices in `Fixed4`, rates in basis points.
 */
export { amountsAddUp, checkWithinQuote, invoiceAmounts, invoicedByRate } from './amounts.js';
export { type BalanceInput, invoiceBalance } from './balance.js';
export {
  type Creditable,
  type CreditLine,
  creditableByRate,
  creditableRetainage,
  creditNoteAmounts,
  type PartialCreditInput,
  partialCreditNote,
  remainderCreditNote,
} from './creditNotes.js';
export {
  type DepositRequest,
  depositBases,
  depositDeduction,
  depositInvoice,
  depositsOf,
} from './deposits.js';
export { dueDateOf, type PaymentDeadline } from './dueDate.js';
export {
  allowed,
  type DomainResult,
  type InvoicingErrorKey,
  invoicingErrorKeys,
  ok,
  refuse,
} from './errors.js';
export { leftToInvoiceCents, type QuoteToInvoice, quoteLeftToInvoice } from './leftToInvoice.js';
export {
  type Buyer,
  cancelAction,
  cancelledIds,
  checkCreate,
  checkDelete,
  checkEdit,
  checkRevert,
  checkValidate,
  liveInvoices,
  missingBuyerFields,
  type RevertInput,
  type ValidationInput,
} from './lifecycle.js';
export {
  basesByRate,
  cumulativeVat,
  lineAtPrecision,
  lineContractHt,
  lineHt,
  type Precisions,
  quoteBases,
  quoteTotals,
  type RateBase,
  type RateTotal,
  sumTotals,
  type Totals,
  totalsOf,
  vatOf,
} from './lines.js';
export { acquireLock, type EditLock, LOCK_IDLE_MS, lockHolder, releaseLock } from './lock.js';
export {
  allocate,
  type Bp,
  type Cents,
  FIXED4_SCALE,
  type Fixed4,
  FULL_PERCENT,
  fitsPrecision,
  MAX_DECIMALS,
  mulDivRound,
  parseFixed4,
  percentOf,
  roundDiv,
  roundToPrecision,
  sumCents,
} from './money.js';
export {
  defaultCreditNotePattern,
  defaultNumbering,
  formatInvoiceNumber,
  type NumberingSettings,
  type NumberPattern,
  parseNumberPattern,
  quoteNumberPattern,
  quoteSequence,
  type Sequence,
  type SequenceName,
  sequenceFor,
  sequencePeriod,
} from './numbering.js';
export { checkPayment, type PaymentRequest, type PaymentTarget } from './payments.js';
export {
  finalProgress,
  type ProgressLine,
  type ProgressRequest,
  previousProgress,
  progressLines,
  progressStatement,
  resolveProgress,
  type Statement,
} from './progress.js';
// The quote's content and amounts: quoteContent.ts's list (the contract's rule and the validity date).
export * from './quoteContent.js';
export {
  acceptanceTokenValidUntil,
  canQuote,
  checkAcceptanceToken,
  checkQuoteInvoiceable,
  isFullyInvoiced,
  isPastValidity,
  nextRevisionNumber,
  parseQuoteRevisionNumber,
  type QuoteAction,
  type QuoteState,
  type QuoteStatus,
  type QuoteTransition,
  quoteActions,
  quoteRevisionNumber,
  quoteStatusOn,
  quoteTransition,
  revisionIndex,
  revisionLetters,
  type StoredQuoteStatus,
  storedQuoteStatuses,
} from './quoteLifecycle.js';
export {
  checkClearReceptionDate,
  isValidRetainageRate,
  MAX_RETAINAGE_RATE,
  retainageBalance,
  retainageOf,
  retainageReleaseDate,
} from './retainage.js';
export * from './types.js';
