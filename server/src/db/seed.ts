/**
 * Idempotent demo seed, run on start: does nothing when company 1 exists. Written as the owner
 * (row-level security does not apply to the seed).
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { formatCustomerCode } from './customer-codes.js';
import type { Database, Tx } from './database.js';
import {
  banks,
  businessJobs,
  companies,
  customers,
  invoiceLines,
  invoices,
  measureGroups,
  notifications,
  payments,
  quotes,
  users,
  vatRates,
} from './schema.js';
import { type DemoCompany, type DemoCustomer, demoCompanies, demoVatRates } from './seed-data.js';

const dayMs = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => isoDate(new Date(Date.now() - days * dayMs));
const addDays = (iso: string, days: number) => isoDate(new Date(Date.parse(iso) + days * dayMs));

export async function seedDemo(db: Database, { password }: { password: string }): Promise<boolean> {
  const [existing] = await db.owner.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (existing) return false;
  const hashes = new Map<string, string>();
  for (const company of demoCompanies)
    for (const user of company.users) hashes.set(user.email, await hashPassword(password));
  await db.owner.transaction(async (tx) => {
    for (const company of demoCompanies) await seedCompany(tx, company, hashes);
    // Companies were given explicit ids; move the sequence past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
    );
  });
  return true;
}

interface Line {
  label: string;
  unit: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
  totalExclTaxCents: number;
}

/** Round each line, then the VAT per rate on the sum of that rate's lines (architecture rule). */
function totals(lines: Line[], basisPointsOf: Map<number, number>) {
  const byRate = new Map<number, number>();
  for (const line of lines)
    byRate.set(line.vatRateId, (byRate.get(line.vatRateId) ?? 0) + line.totalExclTaxCents);
  const excl = lines.reduce((sum, line) => sum + line.totalExclTaxCents, 0);
  let vat = 0;
  for (const [rateId, base] of byRate) vat += Math.round((base * (basisPointsOf.get(rateId) ?? 0)) / 10000);
  return { totalExclTaxCents: excl, totalVatCents: vat, totalInclTaxCents: excl + vat };
}

async function seedCompany(tx: Tx, company: DemoCompany, hashes: Map<string, string>) {
  const companyId = company.id;
  await tx.insert(companies).values({
    id: companyId,
    name: company.name,
    managerFirstName: company.manager[0],
    managerLastName: company.manager[1],
    email: company.email,
    address: company.address[0],
    zipCode: company.address[1],
    city: company.address[2],
    phone: company.phone,
    website: company.website,
    siret: company.siret,
    rcs: company.rcs,
    legalForm: company.legalForm,
    capitalCents: company.capitalCents,
    foundationDate: company.foundationDate,
    apeCode: company.apeCode,
    vatNumber: company.vatNumber,
    workforce: company.workforce,
    insuranceName: company.insurance[0],
    insuranceAddress: company.insurance[1],
    insuranceContractNumber: company.insurance[2],
    scopes: company.scopes,
    subscriptionPlan: company.plan,
    subscriptionRenewsOn: addDays(daysAgo(0), 120),
    customerCodeCounter: company.customers.length + 1,
  });

  const userRows = await tx
    .insert(users)
    .values(
      company.users.map((u) => ({
        ...u,
        locked: u.locked ?? false,
        companyId,
        passwordHash: hashes.get(u.email)!,
      })),
    )
    .returning({ id: users.id, email: users.email });

  const vatRows = await tx
    .insert(vatRates)
    .values(
      demoVatRates.map((v) => ({
        companyId,
        internalName: v.internalName,
        pdfName: v.pdfName,
        regulatoryText: v.regulatory,
        customerCertificateText: v.certificate,
        rateBasisPoints: v.basisPoints,
        isDefault: v.isDefault,
        vatAccountCode: v.account,
        productAccountCode: v.product,
      })),
    )
    .returning({ id: vatRates.id, basisPoints: vatRates.rateBasisPoints });
  const vatIdOf = (percent: number) => vatRows.find((v) => v.basisPoints === Math.round(percent * 100))!.id;
  const basisPointsOf = new Map(vatRows.map((v) => [v.id, v.basisPoints]));

  const bankRows = await tx
    .insert(banks)
    .values(
      company.banks.map((b) => ({
        ...b,
        companyId,
        address: b.address[0],
        zipCode: b.address[1],
        city: b.address[2],
      })),
    )
    .returning({ id: banks.id });

  let invoiceNumber = 0;
  let creditNoteNumber = 0;
  const year = new Date().getFullYear();
  const nextInvoiceNumber = (type: string) =>
    type === 'factureAvoir'
      ? `AV-${year}-${String(++creditNoteNumber).padStart(4, '0')}`
      : `FA-${year}-${String(++invoiceNumber).padStart(4, '0')}`;

  for (const [index, demo] of company.customers.entries()) {
    const customerId = await insertCustomer(tx, companyId, demo, index);
    const [job] = await tx
      .insert(businessJobs)
      .values({
        companyId,
        customerId,
        name: demo.job_.name,
        siteAddress: `${demo.address[0]}, ${demo.address[1]} ${demo.address[2]}`,
        deliveryDate: demo.job_.delivered ? daysAgo(20) : null,
        retainageBasisPoints: demo.job_.retainage ? 500 : 0,
      })
      .returning({ id: businessJobs.id });

    const quoteLines: Line[] = demo.job_.works.map(([label, unit, quantity, unitPrice, vat]) => {
      const quantityMilli = Math.round(quantity * 1000);
      const unitPriceCents = Math.round(unitPrice * 100);
      return {
        label,
        unit,
        quantityMilli,
        unitPriceCents,
        vatRateId: vatIdOf(vat),
        totalExclTaxCents: Math.round((quantityMilli * unitPriceCents) / 1000),
      };
    });
    const quoteDate = daysAgo(150 - index * 12);
    const quoteTotals = totals(quoteLines, basisPointsOf);
    const [quote] = await tx
      .insert(quotes)
      .values({
        companyId,
        businessJobId: job!.id,
        customerId,
        number: `DE-${year}-${String(index + 1).padStart(4, '0')}`,
        title: demo.job_.name,
        date: quoteDate,
        status: 'accepted',
        ...quoteTotals,
      })
      .returning({ id: quotes.id, number: quotes.number });

    // A deposit of 30 % of the quote, on the rate of its first line.
    const depositLine: Line = {
      label: `Acompte de 30 % sur le devis ${quote!.number}`,
      unit: 'forfait',
      quantityMilli: 1000,
      unitPriceCents: Math.round(quoteTotals.totalExclTaxCents * 0.3),
      vatRateId: quoteLines[0]!.vatRateId,
      totalExclTaxCents: Math.round(quoteTotals.totalExclTaxCents * 0.3),
    };
    const deduction: Line = {
      ...depositLine,
      label: "Déduction de l'acompte",
      quantityMilli: -1000,
      totalExclTaxCents: -depositLine.totalExclTaxCents,
    };

    const addInvoice = async (
      type: 'facture' | 'factureAcompte' | 'factureAvoir',
      status: 'PROVISOIRE' | 'VALIDATED',
      lines: Line[],
      ageDays: number,
    ) => {
      const date = daysAgo(ageDays);
      const [invoice] = await tx
        .insert(invoices)
        .values({
          companyId,
          quoteId: quote!.id,
          businessJobId: job!.id,
          customerId,
          number: status === 'VALIDATED' ? nextInvoiceNumber(type) : null,
          type,
          status,
          date,
          dueDate: addDays(date, 30),
          ...totals(lines, basisPointsOf),
          validatedAt: status === 'VALIDATED' ? new Date(Date.parse(date) + 3_600_000) : null,
        })
        .returning({ id: invoices.id, total: invoices.totalInclTaxCents, date: invoices.date });
      await tx
        .insert(invoiceLines)
        .values(lines.map((line) => ({ ...line, companyId, invoiceId: invoice!.id })));
      return invoice!;
    };
    const pay = (
      invoice: { id: number; date: string },
      mode: (typeof payments.$inferInsert)['mode'],
      amountCents: number,
      afterDays: number,
      comment = '',
    ) =>
      tx.insert(payments).values({
        companyId,
        invoiceId: invoice.id,
        bankId: mode === 'cash' || mode === 'avoir' ? null : bankRows[index % bankRows.length]!.id,
        mode,
        amountCents,
        paidOn: addDays(invoice.date, afterDays),
        comment,
      });

    // Four shapes of invoicing, so every type, status and payment mode appears in each company.
    switch (index % 4) {
      case 0: {
        const deposit = await addInvoice('factureAcompte', 'VALIDATED', [depositLine], 120 - index * 10);
        await pay(deposit, 'transfer', deposit.total, 8, 'Virement reçu');
        const final = await addInvoice('facture', 'VALIDATED', [...quoteLines, deduction], 40 - index);
        await pay(final, 'check', Math.round(final.total * 0.5), 12, 'Chèque n° 0004512');
        await pay(final, 'card', Math.round(final.total * 0.2), 20);
        break;
      }
      case 1: {
        const final = await addInvoice('facture', 'VALIDATED', quoteLines, 60 - index);
        await pay(final, 'sepa', final.total, 30, 'Prélèvement SEPA');
        break;
      }
      case 2: {
        const deposit = await addInvoice('factureAcompte', 'VALIDATED', [depositLine], 90 - index);
        await pay(deposit, 'cash', deposit.total, 2, 'Remis en main propre');
        await addInvoice('facture', 'PROVISOIRE', [...quoteLines, deduction], 3);
        break;
      }
      default: {
        const final = await addInvoice('facture', 'VALIDATED', quoteLines, 50 - index);
        const refundLine: Line = {
          ...quoteLines[0]!,
          label: `Avoir : ${quoteLines[0]!.label} non réalisé`,
          quantityMilli: 1000,
          unitPriceCents: 15000,
          totalExclTaxCents: 15000,
        };
        await addInvoice('factureAvoir', 'VALIDATED', [refundLine], 25);
        // A credit-note payment has a zero amount (spec section 5): it settles by compensation.
        await pay(final, 'avoir', 0, 26, 'Compensé par avoir');
      }
    }
  }

  await tx.insert(measureGroups).values(measureGroupsOf(companyId, company));
  await seedNotifications(tx, companyId, company, userRows);
}

async function insertCustomer(tx: Tx, companyId: number, demo: DemoCustomer, index: number): Promise<number> {
  const [row] = await tx
    .insert(customers)
    .values({
      companyId,
      type: demo.type,
      civility: demo.civility,
      firstName: demo.firstName,
      lastName: demo.lastName,
      companyName: demo.companyName ?? '',
      job: demo.job ?? '',
      email: demo.email,
      phone: demo.phone,
      cellPhone: demo.cellPhone ?? '',
      address: demo.address[0],
      zipCode: demo.address[1],
      city: demo.address[2],
      vatNumber: demo.vatNumber ?? '',
      siret: demo.siret ?? '',
      customerCode: formatCustomerCode(index + 1),
      customerCodeAuto: true,
      paymentDeadline: demo.customPaymentDeadline ?? null,
      paymentModes: demo.customPaymentModes ?? null,
      comments: demo.comments ?? '',
    })
    .returning({ id: customers.id });
  return row!.id;
}

function measureGroupsOf(companyId: number, company: DemoCompany): (typeof measureGroups.$inferInsert)[] {
  const site = company.notificationFlavour.sites;
  return [
    {
      companyId,
      application: 'pix4d',
      name: `Relevé drone toiture — ${site[0]}`,
      measures: [
        { label: 'Surface de toiture', value: 182.4, unit: 'm²' },
        { label: 'Longueur de faîtage', value: 14.2, unit: 'm' },
        { label: 'Pente moyenne', value: 35, unit: '°' },
      ],
      events: [
        { at: daysAgo(12), label: 'Vol réalisé' },
        { at: daysAgo(11), label: 'Modèle 3D calculé' },
      ],
    },
    {
      companyId,
      application: 'pix4d',
      name: `Volume de terrassement — ${site[1]}`,
      measures: [{ label: 'Volume de déblais', value: 312.7, unit: 'm³' }],
      events: [{ at: daysAgo(30), label: 'Vol réalisé' }],
    },
    {
      companyId,
      application: 'sema',
      name: `Charpente et ossature — ${site[2]}`,
      measures: [
        { label: 'Linéaire de chevrons', value: 248, unit: 'ml' },
        { label: 'Volume de bois', value: 6.8, unit: 'm³' },
      ],
      events: [{ at: daysAgo(5), label: 'Plan de charpente importé' }],
    },
  ];
}

/** More than 20 notifications per user: HTML, links, buttons; the older third already read. */
async function seedNotifications(
  tx: Tx,
  companyId: number,
  company: DemoCompany,
  userRows: { id: number; email: string }[],
) {
  const sites = company.notificationFlavour.sites;
  const templates = [
    (s: string, n: number) => ({
      title: `Facture FA-${n} validée`,
      description: `<p>La facture <strong>FA-${n}</strong> du chantier <em>${s}</em> a été validée.</p>`,
      metadata: { link: { href: '/facturation', label: 'Voir mes factures' } },
    }),
    (s: string) => ({
      title: 'Nouveau règlement reçu',
      description: `<p>Un règlement a été enregistré pour le chantier ${s}.</p>`,
      metadata: { buttons: [{ href: '/facturation/reglements/recus', label: 'Voir les règlements reçus' }] },
    }),
    (s: string) => ({
      title: 'Facture en retard de paiement',
      description: `<p>La facture du chantier ${s} a dépassé son échéance. Consultez les <a href="/facturation/reglements/en-attente">règlements en attente</a>.</p>`,
      metadata: {},
    }),
    (s: string) => ({
      title: 'Nouveau groupe de mesures Pix4D',
      description: `<p>Le relevé drone <strong>${s}</strong> est disponible.</p>`,
      metadata: {
        link: { href: '/applications/pix4d/groupes-mesures', label: 'Ouvrir les groupes de mesures' },
      },
    }),
    () => ({
      title: 'Nouveautés de la facturation',
      description:
        '<p>Ce mois-ci :</p><ul><li>export du journal de banque</li><li>bordereau de remise de chèques</li></ul>',
      metadata: {},
    }),
    (s: string) => ({
      title: 'Devis accepté',
      description: `<p>Le client a accepté le devis <em>${s}</em>.</p>`,
      metadata: {
        buttons: [
          { href: '/mes-affaires', label: "Voir l'affaire" },
          { href: '/facturation', label: 'Créer la facture' },
        ],
      },
    }),
    () => ({
      title: 'Maintenance planifiée',
      description: '<p>Une courte maintenance aura lieu dimanche entre 6 h et 7 h.</p>',
      metadata: {},
    }),
    (s: string) => ({
      title: 'Mesures SEMA importées',
      description: `<p>Les mesures de charpente du chantier ${s} ont été importées. <a href="/applications/sema/groupes-mesures" target="_blank">Voir dans SEMA</a></p>`,
      metadata: { link: { href: '/applications/sema/groupes-mesures', label: 'Groupes de mesures SEMA' } },
    }),
  ];
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const user of userRows) {
    const count = user.email.endsWith('@demo.fr') || user.email.endsWith('@autre-demo.fr') ? 24 : 3;
    for (let k = 0; k < count; k++) {
      const template = templates[k % templates.length]!;
      const validFrom = new Date(Date.now() - (k * 7 + 1) * 3_600_000 * (k < 4 ? 0.5 : 4));
      rows.push({
        companyId,
        userId: user.id,
        notificationParamId: (k % templates.length) + 1,
        ...template(sites[k % sites.length]!, 1000 * companyId + k),
        validFrom,
        readAt: k >= 8 && k % 3 !== 0 ? new Date(validFrom.getTime() + 3_600_000) : null,
      });
    }
  }
  await tx.insert(notifications).values(rows);
}
