/**
 * Idempotent demo seed, run on start: does nothing when company 1 exists. Written as the owner
 * (row-level security does not apply to the seed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  type ApplicationType,
  applicationTypes,
  type MeasureInput,
  type MeasureKind,
  unitOfKind,
} from '../../../src/contract/measures.js';
import { hashPassword } from '../auth/passwords.js';
import { repoRoot } from '../config.js';
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
import { connectApplication } from '../measures/applications.js';
import { applyMeasures } from '../measures/apply.js';
import { writeCreationEvents } from '../measures/groups.js';
import { parseMeasureFile } from '../measures/import/index.js';
import { appendMeasureEvent } from '../measures/usage.js';
import { formatCustomerCode, setNextCustomerNumber } from './customer-codes.js';
import type { Database, Tx } from './database.js';
import {
  banks,
  businessJobs,
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
import { seedActivityHistory } from './seed-activity.js';
import { type DemoCompany, type DemoCustomer, demoCompanies, demoVatRates } from './seed-data.js';
import { seedQuoteStates } from './seed-quotes.js';

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
  // Quotes in draft, sent (a working link), refused and expired, besides the accepted ones above.
  await seedQuoteStates(tx, companyId, vatIdOf, idOf(true));
  // Their events dated as the demo's story goes (issue 24, « Suivi d'activité »).
  await seedActivityHistory(tx, companyId, idOf(true));

  const measureLinks = await seedMeasureGroups(tx, companyId, company, idOf(true));
  await seedNotifications(tx, companyId, company, userRows, measureLinks);
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
  // The company's admin does the office work of the demo (the activity log names them).
  const system = { sessionId: null, userId: owners[0]! };
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
      await recordPayment(
        tx,
        companyId,
        {
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
        },
        system.userId,
      ),
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
        owners[index % owners.length]!,
      ),
    );
    const works = demo.job_.works;
    const owner = owners[index % owners.length]!;
    // The quote is written as the editor writes it (chapters of lines), then sent and accepted
    // through its lifecycle: sent on its date, the customer's signed copy recorded a week later.
    const quoteDate = daysAgo(180 - index);
    const answeredOn = addDays(quoteDate, 7);
    // Each line's déboursé sec, as the price library gives it to the editor: 55 to 70 % of its
    // price, by job (fixed: the seed is the same at every boot), so « Gestion chantier » budgets
    // the demo jobs and the reporting's margins per job have figures.
    const costShare = 55 + (index % 4) * 5;
    const line = ([label, unit, quantity, unitPrice, vat]: (typeof works)[number]) => ({
      kind: 'priced' as const,
      designation: label,
      unit,
      quantityMilli: Math.round(quantity * 1000),
      unitPriceCents: Math.round(unitPrice * 100),
      costCents: Math.round(unitPrice * costShare),
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
        owner,
      ),
    );
    must(
      await markQuoteSent(tx, companyId, quoteId, {
        today: quoteDate,
        now: new Date(`${quoteDate}T09:00:00Z`),
        userId: owner,
      }),
    );
    must(
      await answerQuote(
        tx,
        companyId,
        quoteId,
        { decision: 'accepted', signerName: `${demo.firstName} ${demo.lastName}` },
        { sessionId: null, userId: owner },
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

type MeasureLinks = { pix4d: string; sema: string };

/** A sample export of demo/samples/measures (H2's), read as the import reads it; inline if unreadable. */
function sampleMeasures(file: string, application: ApplicationType, inline: MeasureInput[]) {
  try {
    const bytes = fs.readFileSync(path.join(repoRoot, 'demo/samples/measures', file));
    const parsed = parseMeasureFile(new Uint8Array(bytes), file, application);
    if (parsed.ok) return { measures: parsed.measures, size: bytes.byteLength, format: parsed.format };
  } catch {
    // No sample file: the inline measures below.
  }
  return { measures: inline, size: 0, format: application === 'sema' ? 'sema-csv' : 'pix4d-csv' };
}

const measure = (name: string, kind: MeasureKind, value: number, externalId?: string): MeasureInput => ({
  name,
  kind,
  unit: unitOfKind[kind],
  valueMilli: Math.round(value * 1000),
  ...(externalId ? { externalId } : {}),
});

/**
 * « Mes applications » (issue 23): Pix4D and SEMA connected (the demo company; their keys are
 * random: « Régénérer la clé » shows one), a Pix4D group pushed by the connector, another imported
 * from a CSV export and a SEMA quantity list imported, each tied to a job, with their events, as
 * the API writes them (server/src/measures). The notifications lead to the first group of each.
 */
async function seedMeasureGroups(
  tx: Tx,
  companyId: number,
  company: DemoCompany,
  adminId: number,
): Promise<MeasureLinks> {
  const site = company.notificationFlavour.sites;
  const jobs = await tx
    .select({ id: businessJobs.id, name: businessJobs.name })
    .from(businessJobs)
    .where(eq(businessJobs.companyId, companyId))
    .orderBy(businessJobs.id)
    .limit(3);
  if (companyId === demoCompanies[0]!.id)
    for (const type of applicationTypes) await connectApplication(tx, companyId, type);
  const make = async (
    application: ApplicationType,
    name: string,
    externalId: string | null,
    job: { id: number; name: string } | undefined,
    sample: ReturnType<typeof sampleMeasures>,
    fileName: string | null,
  ) => {
    const { measures } = sample;
    const actor = fileName
      ? { userId: adminId, source: 'import' as const }
      : { userId: null, source: 'connector' as const };
    const [row] = await tx
      .insert(measureGroups)
      .values({ companyId, application, name, externalId, businessJobId: job?.id ?? null })
      .returning({ id: measureGroups.id });
    const groupId = row!.id;
    await writeCreationEvents(
      tx,
      companyId,
      groupId,
      fileName ? { ...actor, source: 'user' } : actor,
      name,
      job ?? null,
    );
    const applied = await applyMeasures(
      tx,
      companyId,
      groupId,
      actor,
      { measures, matchByName: fileName !== null },
      { events: fileName === null },
    );
    if (!applied.ok) throw new Error(`Seed of company ${companyId}: measures refused (${applied.key})`);
    if (fileName)
      await appendMeasureEvent(tx, {
        companyId,
        groupId,
        kind: 'imported',
        ...actor,
        detail: {
          fileName,
          size: sample.size,
          format: sample.format,
          count: measures.length,
          added: applied.value.added,
          changed: 0,
        },
      });
    return groupId;
  };
  const roof = await make(
    'pix4d',
    `Relevé drone toiture — ${site[0]}`,
    `pix4d-${companyId}-toiture`,
    jobs[0],
    sampleMeasures('pix4d-toiture-terrasse.geojson', 'pix4d', [
      measure('Surface de toiture', 'area', 182.4, 'roof-area'),
      measure('Longueur de faîtage', 'length', 14.2, 'ridge'),
      measure('Longueur de gouttières', 'length', 28.6, 'gutters'),
    ]),
    null,
  );
  // A later flight: the ridge measured again (a « measures_changed » event with before and after).
  await applyMeasures(
    tx,
    companyId,
    roof,
    { userId: null, source: 'connector' },
    {
      measures: [measure('Terrasse — relevé complémentaire', 'area', 12.75, 'terrace-extra')],
      matchByName: false,
    },
  );
  await make(
    'pix4d',
    `Volume de terrassement — ${site[1]}`,
    null,
    jobs[1],
    sampleMeasures('pix4d-annotations.csv', 'pix4d', [measure('Volume de déblais', 'volume', 312.7)]),
    'pix4d-annotations.csv',
  );
  const frame = await make(
    'sema',
    `Charpente et ossature — ${site[2]}`,
    null,
    jobs[2],
    sampleMeasures('sema-liste-materiaux-ossature.csv', 'sema', [
      measure('Linéaire de chevrons', 'length', 248),
      measure('Volume de bois', 'volume', 6.8),
    ]),
    'sema-liste-materiaux-ossature.csv',
  );
  return {
    pix4d: `/applications/pix4d/groupes-mesures/${roof}`,
    sema: `/applications/sema/groupes-mesures/${frame}`,
  };
}

/** More than 20 notifications per user: HTML, links, buttons; the older third already read. */
async function seedNotifications(
  tx: Tx,
  companyId: number,
  company: DemoCompany,
  userRows: { id: number; email: string }[],
  measureLinks: MeasureLinks,
) {
  const sites = company.notificationFlavour.sites;
  // The invoices they name are the company's own, validated above, and their link opens each one
  // (issue 26: a notification naming an invoice nobody can find is worse than none).
  const validated = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      // Past due and still owed (the outstanding list's predicate).
      overdue: sql<boolean>`${invoices.dueDate} < current_date and ${invoices.totalInclTaxCents} - ${invoices.retainageCents} - ${invoices.paidCents} > 0`,
    })
    .from(invoices)
    .where(
      sql`${invoices.companyId} = ${companyId} and ${invoices.status} = 'VALIDATED' and ${invoices.kind} <> 'credit_note'`,
    )
    .orderBy(invoices.id);
  const overdue = validated.filter((invoice) => invoice.overdue);
  const invoiceFor = (k: number, among = validated) => among[k % Math.max(1, among.length)] ?? validated[0]!;
  const invoiceLink = (id: number) => `/facturation/factures/${id}`;
  const templates = [
    (s: string, k: number) => {
      const invoice = invoiceFor(k);
      return {
        title: `Facture ${invoice.number} validée`,
        description: `<p>La facture <a href="${invoiceLink(invoice.id)}">${invoice.number}</a> du chantier <em>${s}</em> a été validée.</p>`,
        metadata: { link: { href: invoiceLink(invoice.id), label: 'Voir la facture' } },
      };
    },
    (s: string) => ({
      title: 'Nouveau règlement reçu',
      description: `<p>Un règlement a été enregistré pour le chantier ${s}.</p>`,
      metadata: { buttons: [{ href: '/facturation/reglements/recus', label: 'Voir les règlements reçus' }] },
    }),
    (_s: string, k: number) => {
      const invoice = invoiceFor(k, overdue.length > 0 ? overdue : validated);
      return {
        title: `Facture ${invoice.number} en retard de paiement`,
        description: `<p>La facture <a href="${invoiceLink(invoice.id)}">${invoice.number}</a> a dépassé son échéance. Consultez les <a href="/facturation/reglements/en-attente">règlements en attente</a>.</p>`,
        metadata: { link: { href: invoiceLink(invoice.id), label: 'Voir la facture' } },
      };
    },
    (s: string) => ({
      title: 'Nouveau groupe de mesures Pix4D',
      description: `<p>Le relevé drone <strong>${s}</strong> est disponible.</p>`,
      metadata: {
        link: { href: measureLinks.pix4d, label: 'Ouvrir le groupe de mesures' },
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
      description: `<p>Les mesures de charpente du chantier ${s} ont été importées. <a href="${measureLinks.sema}" target="_blank">Voir dans SEMA</a></p>`,
      metadata: { link: { href: measureLinks.sema, label: 'Groupe de mesures SEMA' } },
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
        ...template(sites[k % sites.length]!, k),
        validFrom,
        readAt: k >= 8 && k % 3 !== 0 ? new Date(validFrom.getTime() + 3_600_000) : null,
      });
    }
  }
  await tx.insert(notifications).values(rows);
}
