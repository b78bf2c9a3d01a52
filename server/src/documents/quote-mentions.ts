/**
 * The sentences a construction quote prints (issue 21), written once: the PDF draws them, the public
 * acceptance page and the « Acceptation électronique » page repeat some. Sources in docs/decisions.md
 * (« Devis : document, envoi, acceptation en ligne »): arrêté du 24 janvier 2017 (free or charged
 * quote, validity, place of the works), Code de la consommation L111-1 (start and duration of the
 * works), L214-1 (an « acompte », not arrhes), L221-5 and L221-18 (withdrawal), CGI 279-0 bis and
 * 278-0 bis A (reduced rates), Code des assurances L243-2 (décennale), Code civil 1366-1367.
 */
import { formatCents, formatCount, formatIsoDate, formatPercent } from '../../../src/contract/format.js';
import { insuranceLine, reverseChargeReason } from './mentions.js';
import type { QuoteDocument } from './quote-document.js';

/** « Devis gratuit », or what the quote itself costs (arrêté du 24 janvier 2017, art. 3). */
export const quoteFeeLine = (document: Pick<QuoteDocument, 'feeCents'>) =>
  document.feeCents > 0 ? `Devis payant : ${formatCents(document.feeCents)} HT.` : 'Devis gratuit.';

export const validityLine = (validUntil: string | null) =>
  validUntil ? `Offre valable jusqu'au ${formatIsoDate(validUntil)} inclus.` : null;

/** The works' estimated start and duration (Code de la consommation L111-1, 3°). */
export function worksTimingLines(document: Pick<QuoteDocument, 'startDate' | 'durationDays'>): string[] {
  const lines: string[] = [];
  if (document.startDate) lines.push(`Début estimé des travaux : ${formatIsoDate(document.startDate)}`);
  if (document.durationDays)
    lines.push(
      `Durée estimée des travaux : ${formatCount(document.durationDays)} jour${document.durationDays > 1 ? 's' : ''}`,
    );
  return lines;
}

/** The deposit asked at signature: the word « acompte » (L214-1: without it, sums paid are arrhes). */
export function depositLine(document: Pick<QuoteDocument, 'amounts'>): string | null {
  const { deposit } = document.amounts;
  if (deposit.rate <= 0) return null;
  return `Acompte à la commande : ${formatPercent(deposit.rate)} du montant TTC, soit ${formatCents(deposit.ttc)} TTC (${formatCents(deposit.ht)} HT), payable à l'acceptation du devis.`;
}

/** A priced line at 5,5 % or 10 % (not reverse charge): the customer's certification is printed. */
const reducedRates = new Map([
  [550, '278-0 bis A'],
  [1000, '279-0 bis'],
]);

/**
 * The reduced-rate statement (CGI 279-0 bis, 278-0 bis A; BOI-TVA-LIQ-30-20-90): since the loi de
 * finances pour 2025 (art. 279-0 bis, 3 as amended), the customer's separate attestation is replaced
 * by a mention on the quote or the invoice by which the customer certifies the conditions; the
 * customer signs it with the quote (« Bon pour accord », or the online acceptance).
 */
export function reducedRateCertification(
  document: Pick<QuoteDocument, 'amounts' | 'reverseCharge'>,
): string | null {
  if (document.reverseCharge) return null;
  const articles = [...reducedRates.entries()]
    .filter(([rate]) => document.amounts.byRate.some((r) => r.vatRate === rate && r.grossHt !== 0))
    .map(([, article]) => article);
  if (articles.length === 0) return null;
  const cited = articles.length > 1 ? `articles ${articles.join(' et ')}` : `article ${articles[0]}`;
  return `Taux réduit de TVA (${cited} du CGI) : en acceptant ce devis, le client, preneur des travaux, certifie qu'ils portent sur des locaux à usage d'habitation achevés depuis plus de deux ans et qu'ils n'ont, sur une période de deux ans au plus, ni concouru à la production d'un immeuble neuf au sens du 2° du 2 du I de l'article 257 du CGI, ni augmenté de plus de 10 % la surface de plancher des locaux existants.`;
}

/**
 * A consumer's right of withdrawal for a quote accepted at a distance (online) or away from the
 * company's premises (Code de la consommation L221-5, L221-18, L221-25): printed for private customers.
 */
export const withdrawalLine = (document: Pick<QuoteDocument, 'customer'>) =>
  document.customer.type === 'private'
    ? "Droit de rétractation : lorsque le devis est accepté à distance (en ligne) ou hors établissement, le client consommateur dispose d'un délai de 14 jours à compter de son acceptation pour se rétracter, sans avoir à motiver sa décision (Code de la consommation, art. L221-18). Les travaux ne commencent avant la fin de ce délai qu'à sa demande expresse (art. L221-25)."
    : null;

/** Every mention of the quote's « Mentions légales » section, in print order. */
export function quoteLegalMentions(document: QuoteDocument): string[] {
  const rateTexts = document.vatRates
    .map((r) => r.regulatoryText)
    .filter((text, i, all) => text && all.indexOf(text) === i);
  return [
    document.reverseCharge ? `${reverseChargeReason} : TVA due par le preneur, aucune TVA facturée.` : null,
    ...rateTexts,
    reducedRateCertification(document),
    document.settings.quoteCeeMention.trim() || null,
    withdrawalLine(document),
    insuranceLine(document),
  ].filter((line): line is string => Boolean(line));
}

/** What the « Acceptation électronique » page and the public page state about an online acceptance. */
export interface AcceptanceFacts {
  number: string;
  signerName: string;
  /** ISO instant. */
  answeredAt: string;
  ipAddress: string;
  userAgent: string;
  pdfSha256: string;
}

/** « le 27/11/2026 à 17:05:09 (heure de Paris) ». */
export function frenchInstant(iso: string): string {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' }).format(at);
  const time = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'medium', timeZone: 'Europe/Paris' }).format(at);
  return `le ${date} à ${time} (heure de Paris)`;
}

export function acceptanceStatements(facts: AcceptanceFacts): [string, string][] {
  return [
    ['Devis', `n° ${facts.number}`],
    ['Décision', 'Bon pour accord — lu et approuvé'],
    ['Signataire', facts.signerName],
    ['Date et heure', `${frenchInstant(facts.answeredAt)} — ${facts.answeredAt}`],
    ['Adresse IP', facts.ipAddress || 'inconnue'],
    ['Navigateur', facts.userAgent || 'inconnu'],
    ['Empreinte SHA-256 du devis accepté', facts.pdfSha256],
  ];
}
