/**
 * The legal sentences of a French construction invoice, written once: the PDF prints them and the
 * CII XML carries them as notes (BT-22) and VAT exemption reasons, so both say the same thing.
 */

import { formatCents, formatIsoDate, formatPercent } from '../../../src/contract/format.js';
import { describeDeadline, describeModes } from '../../../src/contract/paymentTerms.js';
import { documentKindName, operationNatureLabels } from './codes.js';
import { type InvoiceDocument, isBusiness } from './invoice-data.js';

/** The reverse-charge exemption reason (category AE): the word and the article of the tax code. */
export const reverseChargeReason = 'Autoliquidation (article 283-2 nonies du CGI)';
export const recoveryIndemnity = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
export const noEarlyDiscount = "Pas d'escompte pour paiement anticipé.";

/** The SIREN is the SIRET's first nine digits. */
export const sirenOf = (siret: string) => siret.replace(/\s/g, '').slice(0, 9);

/**
 * The seller's identity line: legal form, capital, SIREN and SIRET (the SIREN stated on its own, as
 * the customer's is: an RCS text typed without it must not leave it out), RCS, APE, VAT number.
 */
export function sellerLegalLine(document: Pick<InvoiceDocument, 'company'>): string {
  const c = document.company;
  return [
    c.legalForm && c.capitalCents > 0
      ? `${c.legalForm} au capital de ${formatCents(c.capitalCents)}`
      : c.legalForm,
    c.siret && `SIREN ${sirenOf(c.siret)}`,
    c.siret && `SIRET ${c.siret}`,
    c.rcs,
    c.apeCode && `APE ${c.apeCode}`,
    c.vatNumber && `TVA intracommunautaire ${c.vatNumber}`,
  ]
    .filter(Boolean)
    .join(' — ');
}

export function insuranceLine(document: Pick<InvoiceDocument, 'company' | 'settings'>): string {
  const c = document.company;
  return `Assurance décennale : ${c.insuranceName}, ${c.insuranceAddress} — contrat n° ${c.insuranceContractNumber} — couverture géographique : ${document.settings.insuranceCoverage}`;
}

/**
 * The document's title. A final invoice is a « Facture de solde » only when it settles something:
 * deposits or progress statements came before it; alone, it is the quote's « Facture » (the
 * settings' title). A document frozen before the series was recorded keeps the title it printed.
 */
export function documentTitle(
  document: Pick<InvoiceDocument, 'kind' | 'settings' | 'deposits' | 'previousStatements'>,
): string {
  if (document.kind === 'final' && document.previousStatements !== undefined) {
    const settles = document.previousStatements > 0 || (document.deposits?.length ?? 0) > 0;
    return settles ? documentKindName(document) : documentKindName({ ...document, kind: 'simple' });
  }
  return documentKindName(document);
}

/** The sign the document prints its amounts with: a credit note shows the cancelled amounts as positive. */
export const documentSign = (document: Pick<InvoiceDocument, 'kind'>) =>
  document.kind === 'credit_note' ? -1 : 1;

export function retainageLine(document: InvoiceDocument): string | null {
  const retainage = documentSign(document) * document.amounts.retainage;
  if (retainage === 0) return null;
  const rate = document.job?.retainageBasisPoints ?? 0;
  const release = document.retainageReleaseDate
    ? `libérée le ${formatIsoDate(document.retainageReleaseDate)}`
    : 'libérée un an après la réception des travaux';
  return `Retenue de garantie de ${formatPercent(rate)} du TTC : ${formatCents(retainage)}, ${release}.`;
}

/** Every mention the document carries, in print order; the PDF and the XML notes read this list. */
export interface Mentions {
  /** Payment: conditions, due date, penalties, indemnity, discount (BT-22 notes PMD, PMT, AAB; BT-20). */
  paymentTerms: string;
  latePenalty: string;
  recoveryIndemnity: string | null;
  noEarlyDiscount: string;
  retainage: string | null;
  /** Regulatory mentions: nature of the operation, VAT on debits, reverse charge, reduced-rate texts. */
  nature: string;
  vatOnDebits: string | null;
  reverseCharge: string | null;
  rateTexts: string[];
  creditNote: string | null;
  insurance: string;
  sellerLegal: string;
}

export function mentionsOf(document: InvoiceDocument): Mentions {
  const { settings } = document;
  // A credit note is not a way to pay an invoice: it is left out of the modes offered.
  const modes = describeModes(document.paymentModes.filter((mode) => mode !== 'avoir'));
  const due = documentSign(document) * document.amounts.due;
  const paymentTerms =
    document.kind === 'credit_note'
      ? `Avoir à déduire : ${formatCents(due)}.`
      : `Conditions de paiement : ${describeDeadline(document.paymentDeadline)}${
          settings.invoiceShowPaymentModes && modes ? `, par ${modes.toLowerCase()}` : ''
        } — échéance le ${formatIsoDate(document.dueDate)} — net à payer : ${formatCents(due)}.`;
  const rateTexts = document.vatRates
    .filter((r) => !r.reverseCharge)
    .flatMap((r) => [r.regulatoryText, r.certificateText])
    .filter((text, i, all) => text && all.indexOf(text) === i);
  return {
    paymentTerms,
    latePenalty: `Pénalités de retard : ${settings.latePenaltyRate}, exigibles dès le lendemain de l'échéance.`,
    recoveryIndemnity: isBusiness(document.customer) ? recoveryIndemnity : null,
    noEarlyDiscount,
    retainage: retainageLine(document),
    nature: `Nature de l'opération : ${operationNatureLabels[settings.operationNature]}.`,
    vatOnDebits: settings.vatOnDebits ? "Option pour le paiement de la taxe d'après les débits." : null,
    reverseCharge: document.reverseCharge
      ? `${reverseChargeReason} : TVA due par le preneur, aucune TVA facturée.`
      : null,
    rateTexts,
    creditNote: document.corrects
      ? `Avoir portant sur la facture n° ${document.corrects.number} du ${formatIsoDate(document.corrects.date)}.`
      : null,
    insurance: insuranceLine(document),
    sellerLegal: sellerLegalLine(document),
  };
}

/** A line's progress as printed ("Avancement cumulé : 45 %"). */
export const progressText = (basisPoints: number) => `Avancement cumulé : ${formatPercent(basisPoints)}`;
