/**
 * Idempotent demo seed, run on start: does nothing when company 1 exists. Written as the owner
 * (row-level security does not apply to the seed).
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { createBusinessJob, editBusinessJob } from '../invoicing/business-jobs.js';
import {
  type CreateInvoiceInput,
  cancelInvoice,
  createInvoice,
  type PaymentInput,
  recordPayment,
  validateInvoice,
} from '../invoicing/invoices.js';
import { customerName } from '../invoicing/load.js';
import type { Outcome } from '../invoicing/outcome.js';
import { answerQuote, createQuote, markQuoteSent } from '../invoicing/quotes.js';
import { loadStarterLibrary } from '../library/starter.js';
import { formatCustomerCode, setNextCustomerNumber } from './customer-codes.js';
import type { Database, Tx } from './database.js';
import {
  banks,
  companies,
  customers,
  documentSettings,
  invoices,
  measureGroups,
  notifications,
  quoteLines,
  users,
  vatRates,
} from './schema.js';
import { type DemoCompany, type DemoCustomer, demoCompanies, demoVatRates } from './seed-data.js';

const dayMs = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => isoDate(new Date(Date.now() - days * dayMs));
const addDays = (iso: string, days: number) => isoDate(new Date(Date.parse(iso) + days * dayMs));

/**
 * `starterLibrary`: the demo company (1) also gets the starter price library (issue 22), as the
 * running demo does; the tests' snapshot keeps an empty library (their counts start from nothing).
 */
export async function seedDemo(
  db: Database,
  { password, starterLibrary = false }: { password: string; starterLibrary?: boolean },
): Promise<boolean> {
  const [existing] = await db.owner.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
  if (existing) return false;
  const hashes = new Map<string, string>();
  for (const company of demoCompanies)
    for (const user of company.users) hashes.set(user.email, await hashPassword(password));
  await db.owner.transaction(async (tx) => {
    for (const company of demoCompanies) await seedCompany(tx, company, hashes);
    if (starterLibrary) await loadStarterLibrary(tx, demoCompanies[0]!.id);
    // Companies were given explicit ids; move the sequence past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
    );
  });
  return true;
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
  });
  await setNextCustomerNumber(tx, companyId, company.customers.length + 1);

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

  await tx.insert(documentSettings).values({ companyId });
  // The jobs alternate between the company's admin and its first other user (Mes affaires of each).
  const idOf = (admin: boolean) => userRows[company.users.findIndex((u) => u.admin === admin)]!.id;
  await seedInvoicing(tx, companyId, company, vatIdOf, bankRows, [idOf(true), idOf(false)]);

  await tx.insert(measureGroups).values(measureGroupsOf(companyId, company));
  await seedNotifications(tx, companyId, company, userRows);
}

type Scenario = 'twoProgress' | 'creditNote' | 'depositFinal' | 'depositProvisional';
const scenarios: Scenario[] = ['twoProgress', 'creditNote', 'depositFinal', 'depositProvisional'];

/**
 * Each customer's job, its accepted quote, and invoices at several stages, made through the same
 * operations as the API (server/src/invoicing), so every amount comes from the domain. Dates follow
 * one clock per company so that numbers follow dates, as validation requires. Each company gets:
 * deposits, two progress statements, final invoices, a credit note, a PROVISOIRE statement, a job
 * with retainage (and its retainage paid), a delivered job, a simple invoice, payments in every mode.
 */
async function seedInvoicing(
  tx: Tx,
  companyId: number,
  company: DemoCompany,
  vatIdOf: (percent: number) => number,
  bankRows: { id: number }[],
  owners: number[],
) {
  const must = <T>(outcome: Outcome<T>): T => {
    if (!outcome.ok) throw new Error(`Seed of company ${companyId} refused: ${outcome.key}`);
    return outcome.value;
  };
  const system = { sessionId: null };
  let clock = daysAgo(100);
  const nextDate = () => {
    clock = addDays(clock, 4);
    return clock;
  };
  const invoiceOf = async (id: number) => (await tx.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const drawerOf = async (customerId: number) =>
    (await tx.select({ name: customerName }).from(customers).where(eq(customers.id, customerId)))[0]!.name;
  const pay = async (
    id: number,
    mode: PaymentInput['mode'],
    share: number,
    afterDays: number,
    comment = '',
    isRetainage = false,
  ) => {
    const invoice = await invoiceOf(id);
    const due = invoice.totalInclTaxCents - invoice.retainageCents;
    const amountCents = mode === 'avoir' ? 0 : isRetainage ? invoice.retainageCents : Math.round(due * share);
    must(
      await recordPayment(tx, companyId, {
        invoiceId: id,
        amountCents,
        paidOn: addDays(invoice.date, afterDays),
        mode,
        bankId: mode === 'cash' || mode === 'avoir' ? null : bankRows[id % bankRows.length]!.id,
        comment,
        isRetainage,
        // A cheque carries its number and drawer (the remittance slip prints them).
        ...(mode === 'check'
          ? { chequeNumber: String(4_500_000 + id), drawer: await drawerOf(invoice.customerId) }
          : {}),
      }),
    );
  };
  const invoice = async (input: CreateInvoiceInput, validate = true) => {
    const id = must(await createInvoice(tx, companyId, { ...input, date: nextDate() }, clock));
    if (validate) must(await validateInvoice(tx, companyId, id, system, new Date(`${clock}T10:00:00Z`)));
    return id;
  };

  let plain = 0;
  for (const [index, demo] of company.customers.entries()) {
    const customerId = await insertCustomer(tx, companyId, demo, index);
    const businessJobId = must(
      await createBusinessJob(
        tx,
        companyId,
        {
          customerId,
          name: demo.job_.name,
          siteAddress: `${demo.address[0]}, ${demo.address[1]} ${demo.address[2]}`,
          deliveryDate: null,
          retainageBasisPoints: demo.job_.retainage ? 500 : 0,
        },
        owners[index % owners.length]!,
      ),
    );
    const works = demo.job_.works;
    // The quote is written as the editor writes it (chapters of lines), then sent and accepted
    // through its lifecycle: sent on its date, the customer's signed copy recorded a week later.
    const quoteDate = daysAgo(180 - index);
    const answeredOn = addDays(quoteDate, 7);
    const line = ([label, unit, quantity, unitPrice, vat]: (typeof works)[number]) => ({
      kind: 'priced' as const,
      designation: label,
      unit,
      quantityMilli: Math.round(quantity * 1000),
      unitPriceCents: Math.round(unitPrice * 100),
      vatRateId: vatIdOf(vat),
    });
    // Two chapters when there are several works: the spec's quotes are organised in chapters.
    const split = works.length > 1 ? Math.ceil(works.length / 2) : works.length;
    const chapters = [
      { kind: 'chapter' as const, title: 'Travaux préparatoires', items: works.slice(0, split).map(line) },
      { kind: 'chapter' as const, title: 'Finitions', items: works.slice(split).map(line) },
    ].filter((chapter) => chapter.items.length > 0);
    const quoteId = must(
      await createQuote(
        tx,
        companyId,
        { businessJobId, title: demo.job_.name, date: quoteDate, items: chapters },
        quoteDate,
      ),
    );
    must(await markQuoteSent(tx, companyId, quoteId, quoteDate, new Date(`${quoteDate}T09:00:00Z`)));
    must(
      await answerQuote(
        tx,
        companyId,
        quoteId,
        { decision: 'accepted', signerName: `${demo.firstName} ${demo.lastName}` },
        { sessionId: null },
        answeredOn,
        new Date(`${answeredOn}T09:00:00Z`),
      ),
    );
    const quoteLineIds = (
      await tx.select({ id: quoteLines.id }).from(quoteLines).where(eq(quoteLines.quoteId, quoteId))
    ).map((l) => l.id);
    const progress = (percent: number) =>
      quoteLineIds.map((quoteLineId) => ({ quoteLineId, progressBasisPoints: percent }));

    if (demo.job_.retainage) {
      const first = await invoice({ kind: 'progress', quoteId, progress: progress(6000) });
      await pay(first, 'transfer', 1, 15, 'Virement reçu');
      await pay(first, 'check', 0, 40, 'Restitution de la retenue de garantie', true);
      const final = await invoice({ kind: 'final', quoteId });
      await pay(final, 'transfer', 0.5, 20);
    } else {
      const scenario = scenarios[plain++ % scenarios.length]!;
      if (scenario === 'twoProgress') {
        const first = await invoice({ kind: 'progress', quoteId, progress: progress(4000) });
        await pay(first, 'sepa', 1, 30, 'Prélèvement SEPA');
        await invoice({ kind: 'progress', quoteId, progress: progress(7500) });
      } else if (scenario === 'creditNote') {
        const final = await invoice({ kind: 'final', quoteId });
        must(await cancelInvoice(tx, companyId, final, system, nextDate()));
        // A credit-note payment has a zero amount (spec section 5): it settles by compensation.
        await pay(final, 'avoir', 0, 5, 'Compensé par avoir');
      } else {
        const deposit = await invoice({ kind: 'deposit', quoteId, depositBasisPoints: 3000 });
        await pay(deposit, scenario === 'depositFinal' ? 'transfer' : 'cash', 1, 8, 'Acompte reçu');
        if (scenario === 'depositFinal') {
          const final = await invoice({ kind: 'final', quoteId });
          await pay(final, 'check', 0.5, 12, 'Chèque n° 0004512');
          await pay(final, 'card', 0.2, 20);
        } else {
          await invoice({ kind: 'progress', quoteId, progress: progress(5000) }, false);
        }
      }
    }
    if (demo.job_.delivered) {
      must(await editBusinessJob(tx, companyId, businessJobId, { deliveryDate: daysAgo(20) }, system));
    }
    if (index === 0) {
      // A simple invoice (no quote) for small works, at the default VAT rate.
      const simple = await invoice({
        kind: 'simple',
        customerId,
        businessJobId,
        lines: [
          {
            chapter: '',
            label: 'Dépannage — recherche de fuite',
            unit: 'h',
            quantityMilli: 2500,
            unitPriceCents: 6500,
            vatRateId: vatIdOf(20),
          },
        ],
      });
      await pay(simple, 'card', 1, 0);
    }
  }
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
