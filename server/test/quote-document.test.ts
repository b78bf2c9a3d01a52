/**
 * The quote PDF (issue 21) read back with pdftotext, from a document built without a database:
 * what a construction quote states (identity, customer, place of the works, date, number and
 * revision, validity, free or charged, start and duration, chapters with subtotals, options outside
 * the totals, text lines, discount, totals per rate, deposit, payment terms, décennale insurance, the
 * reduced-rate certification, « Bon pour accord »), the quote settings and the terms of sale.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../src/contract/format.js';
import { quotePdfOf } from '../src/documents/quote-document.js';
import { appendAcceptancePage, layQuote } from '../src/documents/quote-pdf.js';
import { pdfText } from './support/factur-x-validators.js';
import { settings } from './support/invoice-documents.js';
import { quoteDocument } from './support/quote-documents.js';

/** Whitespace of any kind (French narrow spaces included) as one plain space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
const money = (cents: number) => plain(formatCents(cents));

describe('the quote PDF', () => {
  it('states the company, the customer, the works, the dates, the number and its revision', async () => {
    const text = plain(await pdfText(await quotePdfOf(quoteDocument())));
    for (const expected of [
      'Martin Rénovation',
      '12 rue des Artisans',
      'DEVIS',
      'N° DE-2026-00012-B',
      'Révision B (remplace le devis n° DE-2026-00012)',
      'Date : 02/03/2026',
      "Valable jusqu'au : 01/04/2026",
      'Mme Claire Dupont',
      'Affaire : Salle de bains Dupont',
      'Adresse des travaux : 8 chemin des Vignes, 69130 Écully',
      'Objet : Rénovation de la salle de bains',
      'Début estimé des travaux : 15/04/2026',
      'Durée estimée des travaux : 10 jours',
      'Devis gratuit.',
      // The seller's legal identity in the footer, as on invoices.
      'SARL au capital de 10 000,00 € — SIREN 732829320 — SIRET 73282932000074',
    ])
      expect(text).toContain(expected);
  });

  it('prints chapters and sub-chapters with their subtotals, options outside the totals, text lines', async () => {
    const document = quoteDocument();
    const text = plain(await pdfText(await quotePdfOf(document), { layout: true }));
    expect(text).toContain('1. Démolition');
    expect(text).toContain('Protection des sols et évacuation des gravats');
    expect(text).toContain('2.1. Alimentation');
    expect(text).toContain('Tube multicouche 16 mm 12,50 ml 18,50 € 10 % 231,25 €');
    expect(text).toContain('Sous-total 2.1. Alimentation 231,25 €');
    // The option is marked and bracketed, and its chapter's subtotal leaves it out.
    expect(text).toContain('Option : Paroi vitrée fixe 120 cm 1,00 u 390,00 € 10 % (390,00 €)');
    expect(text).toContain('Sous-total 2. Plomberie 711,25 €');
    expect(text).toContain('Options non comprises : 390,00 € HT');
    expect(text).toContain('3. Isolation');
  });

  it("prints the domain's totals: discount, HT, VAT per rate, TTC, the deposit asked", async () => {
    const document = quoteDocument();
    const a = document.amounts;
    const text = plain(await pdfText(await quotePdfOf(document), { layout: true }));
    expect(text).toContain(`Total HT avant remise ${money(a.grossHt)}`);
    expect(text).toContain(`Remise globale (5 %) ${money(-a.discount)}`);
    expect(text).toContain(`Total HT ${money(a.ht)}`);
    for (const rate of a.byRate)
      expect(text).toContain(
        `TVA ${plain(`${rate.vatRate / 100}`).replace('.', ',')} % sur ${money(rate.ht)} ${money(rate.vat)}`,
      );
    expect(text).toContain(`Total TTC ${money(a.ttc)}`);
    expect(a.ttc).toBe(209_796);
    expect(text).toContain(`Acompte à la commande (30 %) ${money(a.deposit.ttc)}`);
    expect(text).toContain(
      `Acompte à la commande : 30 % du montant TTC, soit ${money(a.deposit.ttc)} TTC (${money(a.deposit.ht)} HT)`,
    );
    expect(text).toContain('Options non comprises dans les totaux');
  });

  it('prints the conditions and the legal mentions: payment, décennale, reduced rates, CEE, withdrawal', async () => {
    const text = plain(await pdfText(await quotePdfOf(quoteDocument())));
    expect(text).toContain("Offre valable jusqu'au 01/04/2026 inclus.");
    expect(text).toContain('Conditions de paiement : Solde à réception de facture, par virement.');
    expect(text).toContain(
      'Assurance décennale : SMABTP, 8 rue Louis Armand, 75015 Paris — contrat n° D-123456 — couverture géographique : France métropolitaine',
    );
    expect(text).toContain('(article 279-0 bis du CGI)');
    expect(text).toContain('Taux réduit de TVA (articles 278-0 bis A et 279-0 bis du CGI)');
    expect(text).toContain("locaux à usage d'habitation achevés depuis plus de deux ans");
    expect(text).toContain("certificats d'économies d'énergie (CEE)");
    expect(text).toContain('Droit de rétractation');
    expect(text).toContain('Bon pour accord');
    expect(text).toContain('« lu et approuvé, bon pour accord »');
    expect(text).toContain('Devis n° DE-2026-00012-B — montant 2 097,96 € TTC');
  });

  it('leaves out what does not apply: no reduced rate, a business customer, no terms of sale', async () => {
    const items = quoteDocument()
      .items.slice(2, 3)
      .map((chapter) =>
        chapter.kind === 'chapter'
          ? {
              ...chapter,
              items: chapter.items.map((line) =>
                line.kind === 'priced' ? { ...line, vatRate: 2000 } : line,
              ),
            }
          : chapter,
      );
    const base = quoteDocument();
    const text = plain(
      await pdfText(
        await quotePdfOf(
          quoteDocument({
            items,
            customer: { ...base.customer, type: 'professional', companyName: 'Dupont Immobilier' },
            vatRates: [{ vatBasisPoints: 2000, regulatoryText: '' }],
            settings: settings({ termsOnQuote: false, termsOfSale: 'Article 1 — texte' }),
          }),
        ),
      ),
    );
    expect(text).not.toContain('Taux réduit de TVA');
    expect(text).not.toContain('Droit de rétractation');
    expect(text).not.toContain('Conditions générales de vente');
    expect(text).not.toContain('CEE');
  });

  it('says what the quote costs when it is not free', async () => {
    const text = plain(await pdfText(await quotePdfOf(quoteDocument({ feeCents: 5_000 }))));
    expect(text).toContain('Devis payant : 50,00 € HT.');
    expect(text).not.toContain('Devis gratuit');
  });

  it("uses the quote settings' title and company name, and puts the terms of sale on their own page", async () => {
    const document = quoteDocument({
      settings: settings({
        quoteTitle: 'Proposition commerciale',
        quoteCompanyName: 'Martin Rénovation — agence de Lyon',
        termsOnQuote: true,
        termsOnNewPage: true,
        termsOfSale: "Article 1 — Les présentes conditions générales de vente s'appliquent.",
      }),
    });
    const pages = (await pdfText(await quotePdfOf(document))).split('\f').filter((p) => p.trim());
    const all = plain(pages.join(' '));
    expect(all).toContain('PROPOSITION COMMERCIALE');
    // In the header and the footer's legal line.
    expect(all.split('Martin Rénovation — agence de Lyon').length - 1).toBeGreaterThanOrEqual(
      1 + pages.length,
    );
    const last = plain(pages.at(-1)!);
    expect(last).toContain('Conditions générales de vente');
    expect(last).toContain('Article 1 — Les présentes conditions générales de vente');
    expect(last).not.toContain('Bon pour accord');
    // On the same page when not asked for a new one.
    const together = (
      await pdfText(
        await quotePdfOf(
          quoteDocument({ settings: settings({ ...document.settings, termsOnNewPage: false }) }),
        ),
      )
    )
      .split('\f')
      .filter((p) => p.trim());
    expect(plain(together.at(-1)!)).toContain('Bon pour accord');
    expect(plain(together.at(-1)!)).toContain('Conditions générales de vente');
  });

  it('draws nothing over the footer and repeats the table header on a new page (120 lines)', async () => {
    const line = {
      kind: 'priced' as const,
      designation: 'Carrelage grès cérame 60 × 60, pose droite, joints époxy',
      unit: 'm²',
      quantityMilli: 1_000,
      unitPriceCents: 4_500,
      vatRateId: 2,
      vatRate: 1000,
    };
    const items = [
      { kind: 'chapter' as const, title: 'Sols', items: Array.from({ length: 120 }, () => line) },
    ];
    const w = await layQuote(quoteDocument({ items }));
    expect(w.pages.length).toBeGreaterThan(3);
    const footerTop = 42 + w.footerHeight - 8;
    // The footer's texts are 7 points; nothing larger is drawn at or under its rule.
    expect(w.drawn.filter((d) => d.size > 7 && d.y <= footerTop)).toEqual([]);
    // Every page that holds lines opens its table with the header row.
    const withLines = new Set(w.drawn.filter((d) => d.text.startsWith('Carrelage')).map((d) => d.page));
    expect(withLines.size).toBeGreaterThan(2);
    for (const page of withLines)
      expect(w.drawn.some((d) => d.page === page && d.text === 'Désignation')).toBe(true);
    expect(w.replaced.size).toBe(0);
  });
});

describe('the « Acceptation électronique » page', () => {
  it('follows the accepted PDF, states the facts, and carries the accepted bytes as they were', async () => {
    const accepted = await quotePdfOf(quoteDocument());
    const sha = createHash('sha256').update(accepted).digest('hex');
    const combined = await appendAcceptancePage(accepted, {
      number: 'DE-2026-00012-B',
      signerName: 'Claire Dupont',
      answeredAt: '2026-03-10T09:15:00.000Z',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (iPhone)',
      pdfSha256: sha,
    });
    const before = await PDFDocument.load(accepted);
    const after = await PDFDocument.load(combined);
    expect(after.getPageCount()).toBe(before.getPageCount() + 1);
    const pages = (await pdfText(combined)).split('\f').filter((p) => p.trim());
    const last = plain(pages.at(-1)!);
    expect(last).toContain('ACCEPTATION ÉLECTRONIQUE');
    expect(last).toContain('Claire Dupont');
    expect(last).toContain('le 10/03/2026 à 10:15:00 (heure de Paris)');
    expect(last).toContain('203.0.113.7');
    expect(last).toContain('Mozilla/5.0 (iPhone)');
    expect(last).toContain(sha);
    expect(last).toContain('1366 et 1367');
    // The earlier pages are the quote.
    expect(plain(pages[0]!)).toContain('N° DE-2026-00012-B');
    // The accepted bytes are attached whole: their SHA-256 is the one stated.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-quote-'));
    try {
      fs.writeFileSync(path.join(dir, 'combined.pdf'), combined);
      execFileSync('pdfdetach', ['-saveall', '-o', dir, path.join(dir, 'combined.pdf')]);
      const attached = fs.readFileSync(path.join(dir, 'devis-DE-2026-00012-B-accepte.pdf'));
      expect(createHash('sha256').update(attached).digest('hex')).toBe(sha);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
