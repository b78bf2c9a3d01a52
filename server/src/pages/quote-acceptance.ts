/**
 * The public page of a quote's acceptance link (issue 21), `/devis/{token}`: what the customer reads
 * on a phone or a computer without any account of the product — the company, the quote's number,
 * subject, validity and totals, the PDF to read or download — and the two answers: accept (name,
 * « Bon pour accord », lu et approuvé) or refuse (an optional reason). Server-rendered in the one
 * layout (layout.ts) without the elements; plain forms, no script: the page's CSP allows none it
 * does not carry. Everything interpolated goes through `escapeHtml`.
 */
import { formatCents, formatIsoDate, formatPercent } from '../../../src/contract/format.js';
import { quoteAnswerLimits } from '../../../src/contract/quotes.js';
import type { QuoteLink } from '../documents/quote-link.js';
import { acceptancePath } from '../documents/quote-link.js';
import { frenchInstant, reducedRateCertification } from '../documents/quote-mentions.js';
import { escapeHtml, frenchText } from './html.js';

/**
 * The longest signer name and refusal reason kept (a name of 10 000 characters is refused): the
 * contract's, which the product's own answer dialog and the API's body check apply too.
 */
export const acceptanceLimits = {
  name: quoteAnswerLimits.signerName,
  reason: quoteAnswerLimits.reason,
} as const;

export const quoteLinkMessages = {
  notFoundHeading: 'Page introuvable',
  notFound:
    "Ce lien n'existe pas ou n'est plus valable : le devis a peut-être expiré ou été remplacé par une nouvelle version. Contactez l'entreprise qui vous l'a envoyé.",
  nameRequired: 'Saisissez votre nom et votre prénom pour accepter le devis.',
  nameTooLong: `Votre nom ne doit pas dépasser ${acceptanceLimits.name} caractères.`,
  agreeRequired: 'Cochez la case « Bon pour accord » pour accepter le devis.',
  reasonTooLong: `Le motif ne doit pas dépasser ${acceptanceLimits.reason} caractères.`,
  // The sentence of `quote_already_answered` (src/i18n/serverErrors.ts), and that nothing changed.
  alreadyAnswered: "Ce devis a déjà reçu une réponse : il a été accepté ou refusé. Rien n'a été modifié.",
  foreignForm: 'Ce formulaire ne provient pas de ce site.',
  badForm: "Le formulaire envoyé n'est pas lisible. Rechargez la page et recommencez.",
  tooMany: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  unavailable:
    "Le devis ne peut pas être préparé pour le moment : rien n'a été enregistré. Veuillez réessayer dans quelques instants.",
} as const;

/** A form's state after a refused post: which form, its message, what was typed. */
export interface FormState {
  form: 'accept' | 'refuse';
  error: string;
  name?: string;
  reason?: string;
}

const styles = `
  .quote-actions { display: grid; gap: 16px; }
  .quote-link input[type=text], .quote-link textarea { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #c9ced4; border-radius: 8px; font: inherit; }
  .quote-link textarea { min-height: 96px; resize: vertical; }
  .quote-link .check { display: flex; gap: 10px; align-items: flex-start; font-weight: 400; }
  .quote-link .check input { margin-top: 4px; width: 20px; height: 20px; flex: none; }
  .quote-link .button.secondary { background: #fff; border: 1px solid #c9ced4; }
  .quote-link .pdf-links { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
  .quote-link th { font-weight: 400; }
  .quote-link td.amount { white-space: nowrap; }
  .quote-link .total td, .quote-link .total th { font-weight: 600; }
  .quote-link details summary { cursor: pointer; font-weight: 600; }
  .quote-link .status { font-weight: 600; }
`;

const amount = (cents: number) => `<td class="amount">${escapeHtml(formatCents(cents))}</td>`;

function totalsTable(link: QuoteLink): string {
  const { amounts, reverseCharge } = link.document;
  const rows: string[] = [];
  if (amounts.discount !== 0) {
    rows.push(`<tr><th scope="row">Total HT avant remise</th>${amount(amounts.grossHt)}</tr>`);
    rows.push(
      `<tr><th scope="row">Remise globale (${escapeHtml(formatPercent(amounts.discountRate))})</th>${amount(-amounts.discount)}</tr>`,
    );
  }
  rows.push(`<tr class="total"><th scope="row">Total HT</th>${amount(amounts.ht)}</tr>`);
  for (const rate of amounts.byRate)
    rows.push(
      `<tr><th scope="row">${escapeHtml(reverseCharge ? `TVA autoliquidée sur ${formatCents(rate.ht)}` : `TVA ${formatPercent(rate.vatRate)} sur ${formatCents(rate.ht)}`)}</th>${amount(rate.vat)}</tr>`,
    );
  rows.push(`<tr class="total"><th scope="row">Total TTC</th>${amount(amounts.ttc)}</tr>`);
  if (amounts.deposit.rate > 0)
    rows.push(
      `<tr><th scope="row">Acompte à la commande (${escapeHtml(formatPercent(amounts.deposit.rate))})</th>${amount(amounts.deposit.ttc)}</tr>`,
    );
  if (amounts.optionsHt !== 0)
    rows.push(
      `<tr><th scope="row">Options proposées, non comprises (HT)</th>${amount(amounts.optionsHt)}</tr>`,
    );
  return `<table><caption class="muted" style="text-align:left">Montants du devis</caption><tbody>${rows.join('')}</tbody></table>`;
}

/** The customer as the PDF names it: the company's name, else civility, first and last name. */
const customerName = (c: QuoteLink['document']['customer']) =>
  c.companyName.trim() || [c.civility, c.firstName, c.lastName].filter(Boolean).join(' ');

function summary(link: QuoteLink): string {
  const d = link.document;
  const company = d.settings.quoteCompanyName || d.company.name;
  const facts: [string, string][] = [
    ['Entreprise', `${company}, ${d.company.address}, ${d.company.zipCode} ${d.company.city}`],
    ['Client', customerName(d.customer)],
    ['Devis', `n° ${d.number} du ${formatIsoDate(d.date)}`],
    ...(d.title ? ([['Objet', d.title]] as [string, string][]) : []),
    ...(d.job?.siteAddress.trim()
      ? ([['Adresse des travaux', d.job.siteAddress]] as [string, string][])
      : []),
    ...(d.validUntil ? ([["Valable jusqu'au", formatIsoDate(d.validUntil)]] as [string, string][]) : []),
  ];
  return `<dl>${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function pdfLinks(token: string): string {
  const href = `${acceptancePath}/${encodeURIComponent(token)}/pdf`;
  return `<p class="pdf-links">
        <a class="button" href="${escapeHtml(href)}" target="_blank" rel="noopener">Lire le devis (PDF)</a>
        <a href="${escapeHtml(`${href}?download=1`)}" download>Télécharger le PDF</a>
      </p>`;
}

function answeredNotice(link: QuoteLink): string {
  const answer = link.answer!;
  const text =
    answer.decision === 'accepted'
      ? `Ce devis a été accepté en ligne ${frenchInstant(answer.answeredAt.toISOString())} par ${answer.signerName}. Le PDF ci-dessous est le document accepté, suivi de la page «\u00a0Acceptation électronique\u00a0».`
      : `Ce devis a été refusé ${frenchInstant(answer.answeredAt.toISOString())}. L'entreprise en a été informée.`;
  return `<p class="status" role="status">${frenchText(text)}</p>`;
}

function answerForms(link: QuoteLink, token: string, state?: FormState): string {
  const base = `${acceptancePath}/${encodeURIComponent(token)}`;
  const d = link.document;
  const acceptError = state?.form === 'accept' ? state.error : '';
  const refuseError = state?.form === 'refuse' ? state.error : '';
  const certification = reducedRateCertification(d);
  return `
      <section class="card" aria-labelledby="accept-heading">
        <h2 id="accept-heading">Accepter le devis</h2>
        ${acceptError ? `<p class="error" role="alert" id="accept-error">${frenchText(acceptError)}</p>` : ''}
        <form method="post" action="${escapeHtml(`${base}/accept`)}"${acceptError ? ' aria-describedby="accept-error"' : ''}>
          <label for="name">Votre nom et prénom</label>
          <input id="name" name="name" type="text" autocomplete="name" required maxlength="${acceptanceLimits.name}" value="${escapeHtml((state?.name ?? '').slice(0, acceptanceLimits.name))}">
          <label class="check" for="agree">
            <input id="agree" name="agree" type="checkbox" value="on" required>
            <span>Bon pour accord : j'ai lu et j'approuve le devis n° ${escapeHtml(d.number)} d'un montant de ${escapeHtml(formatCents(d.amounts.ttc))} TTC (lu et approuvé), et je l'accepte avec ses conditions${
              certification
                ? ", y compris la certification relative au taux réduit de TVA qu'il contient"
                : ''
            }.</span>
          </label>
          <button class="button" type="submit">Accepter le devis</button>
        </form>
        <p class="muted">Votre nom, la date et l'heure, votre adresse IP, votre navigateur et l'empreinte du document accepté sont enregistrés comme preuve de votre acceptation.</p>
      </section>
      <section class="card" aria-labelledby="refuse-heading">
        <details${refuseError ? ' open' : ''}>
          <summary id="refuse-heading">Refuser le devis</summary>
          ${refuseError ? `<p class="error" role="alert" id="refuse-error">${frenchText(refuseError)}</p>` : ''}
          <form method="post" action="${escapeHtml(`${base}/refuse`)}">
            <label for="reason">Motif (facultatif)</label>
            <textarea id="reason" name="reason" maxlength="${acceptanceLimits.reason}">${escapeHtml((state?.reason ?? '').slice(0, acceptanceLimits.reason))}</textarea>
            <button class="button secondary" type="submit">Refuser le devis</button>
          </form>
        </details>
      </section>`;
}

/** The page of a link that holds: the quote, its PDF, and the forms (or the answer already given). */
export function quoteLinkBody(link: QuoteLink, token: string, state?: FormState): string {
  return `
    <style>${styles}</style>
    <div class="quote-link">
      <section class="card">
        ${link.answer ? answeredNotice(link) : ''}
        ${summary(link)}
      </section>
      <section class="card">
        ${totalsTable(link)}
        ${pdfLinks(token)}
      </section>
      ${link.answer ? '' : `<div class="quote-actions">${answerForms(link, token, state)}</div>`}
    </div>`;
}

export const quoteLinkHeading = (link: QuoteLink) =>
  `${link.document.settings.quoteTitle || 'Devis'} n° ${link.document.number}`;

/** A page with one message (not found, already answered, refused form, too many tries). */
export const messageBody = (message: string, role: 'alert' | 'status' = 'alert') =>
  `<div class="card"><p class="${role === 'alert' ? 'error' : 'muted'}" role="${role}">${frenchText(message)}</p></div>`;
