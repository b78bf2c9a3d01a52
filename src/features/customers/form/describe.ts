/** The payment terms as sentences: the contract's, so the screens and the invoice PDF say the same. */
export { describeDeadline, describeModes } from '../../../contract/paymentTerms';
