/**
 * Database schema. Every tenant table carries `company_id` so that row-level security (migration
 * 0001) can fence rows by the per-transaction setting `app.company_id`. Money is in integer cents,
 * rates in basis points (2000 = 20 %), so no float ever touches an amount.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { customerTypes, paymentModes } from '../../../src/contract/customers.js';

/** Payment modes (spec section 3) and customer types: the shared contract's lists. */
export { paymentModes };

/** Invoice kinds: deposit (acompte), progress (situation), final, simple (no quote), credit_note (avoir). */
export const invoiceKinds = ['deposit', 'progress', 'final', 'simple', 'credit_note'] as const;

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  managerFirstName: text('manager_first_name').notNull().default(''),
  managerLastName: text('manager_last_name').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default('France'),
  phone: text('phone').notNull().default(''),
  fax: text('fax').notNull().default(''),
  logo: text('logo'),
  website: text('website').notNull().default(''),
  siret: text('siret').notNull().default(''),
  rcs: text('rcs').notNull().default(''),
  legalForm: text('legal_form').notNull().default(''),
  capitalCents: integer('capital_cents').notNull().default(0),
  foundationDate: date('foundation_date'),
  apeCode: text('ape_code').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  workforce: integer('workforce').notNull().default(0),
  insuranceName: text('insurance_name').notNull().default(''),
  insuranceAddress: text('insurance_address').notNull().default(''),
  insuranceContractNumber: text('insurance_contract_number').notNull().default(''),
  /** Feature scopes granted to the whole company, e.g. `gestion-de-chantier`. */
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
  subscriptionPlan: text('subscription_plan').notNull().default('Essentiel'),
  subscriptionRenewsOn: date('subscription_renews_on'),
  /** General default payment deadline of the customers without their own (spec section 3). */
  defaultPaymentDeadline: jsonb('default_payment_deadline').notNull().default({ rule: 'days', value: 30 }),
  /** General default payment modes of the customers without their own. */
  defaultPaymentModes: text('default_payment_modes')
    .array()
    .notNull()
    .default(sql`'{transfer,check}'::text[]`),
  /** Customer code format (preferences, Clients): a prefix, then the counter on this many digits. */
  customerCodePrefix: text('customer_code_prefix').notNull().default(''),
  customerCodeDigits: integer('customer_code_digits').notNull().default(5),
  /** Optimistic concurrency of the customer code format (stale_version); the counter's own moves by new customers do not count. */
  customerCodeVersion: integer('customer_code_version').notNull().default(1),
  /** Optimistic concurrency of the company information form (stale_version). */
  version: integer('version').notNull().default(1),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    locked: boolean('locked').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    job: text('job').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one at each change of the user (sheet, lock, rights, Mon compte): a stale sheet save is refused. */
    version: integer('version').notNull().default(1),
    /**
     * « Gestion chantier » (issue 24, migration 0042): the person's loaded hourly cost, set by an
     * admin; null: the company's « main-d'œuvre chargée » (Coûts et prix). Copied into each time entry.
     */
    hourlyCostCents: integer('hourly_cost_cents'),
  },
  (t) => [
    // Login is by email alone, before the company is known: emails are unique across companies.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId, t.lastName, t.firstName),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    notificationParamId: integer('notification_param_id').notNull(),
    title: text('title').notNull(),
    /** HTML; the front end sanitises it (DOMPurify) before display. */
    description: text('description').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
  },
  // INCLUDE (read_at) (migration 0033): the bell's counts are read from the index alone.
  (t) => [index('notifications_user_idx').on(t.companyId, t.userId, t.validFrom.desc(), t.id.desc())],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    type: text('type', { enum: customerTypes }).notNull(),
    civility: text('civility').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    job: text('job').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    cellPhone: text('cell_phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    address: text('address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('France'),
    vatNumber: text('vat_number').notNull().default(''),
    siret: text('siret').notNull().default(''),
    customerCode: text('customer_code').notNull(),
    customerCodeAuto: boolean('customer_code_auto').notNull().default(true),
    /** null = the company's general default; else {rule: 'days'|'endOfMonth'|'dayOfMonth'|'date', value}. */
    paymentDeadline: jsonb('payment_deadline'),
    /** null = the company's general default; else a list of payment modes. */
    paymentModes: text('payment_modes').array(),
    comments: text('comments').notNull().default(''),
    /** Grows by one at each save: an edit sent with an older version is refused (stale_version). */
    version: integer('version').notNull().default(1),
  },
  // The list's sort and search keys (name_key, city_key, search_key: generated columns, folded by
  // bo_fold) and their indexes are hand-written in migration 0006: drizzle cannot declare a column
  // with a collation or a trigram index. They are never selected: the API does not show them.
  (t) => [index('customers_code_idx').on(t.companyId, t.customerCode, t.id)],
);

/**
 * How many customers a company has, per type, kept by triggers on customers (migration 0006), so
 * that the list's page count needs no count(*) over the whole company on every request.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    companyId: companyId(),
    type: text('type', { enum: ['professional', 'private'] }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.type] })],
);

export const vatRates = pgTable('vat_rates', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  internalName: text('internal_name').notNull(),
  pdfName: text('pdf_name').notNull(),
  regulatoryText: text('regulatory_text').notNull().default(''),
  customerCertificateText: text('customer_certificate_text').notNull().default(''),
  showInSummary: boolean('show_in_summary').notNull().default(true),
  /** Basis points: 2000 = 20 %, 550 = 5,5 %, 0 = autoliquidation. */
  rateBasisPoints: integer('rate_basis_points').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  vatAccountCode: text('vat_account_code').notNull().default(''),
  productAccountCode: text('product_account_code').notNull().default(''),
  version: integer('version').notNull().default(1),
});

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  name: text('name').notNull(),
  bankCode: text('bank_code').notNull().default(''),
  accountingNumber: text('accounting_number').notNull().default(''),
  bic: text('bic').notNull().default(''),
  iban: text('iban').notNull().default(''),
  address: text('address').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default('France'),
  phone: text('phone').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  /** Grows by one at each save; an edit names the version it started from (409 stale_version). */
  version: integer('version').notNull().default(1),
});

export const businessJobs = pgTable(
  'business_jobs',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    siteAddress: text('site_address').notNull().default(''),
    /** Works-reception (delivery) date: once set, invoices can no longer revert to PROVISOIRE. */
    deliveryDate: date('delivery_date'),
    retainageBasisPoints: integer('retainage_basis_points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic concurrency: every edit sends the version it read; a stale one is refused. */
    version: integer('version').notNull().default(1),
    /** Who follows the job (Mes affaires): its creator, then whoever it is given to; a user of the company. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('business_jobs_company_idx').on(t.companyId, t.createdAt, t.id),
    index('business_jobs_customer_idx').on(t.companyId, t.customerId),
    index('business_jobs_owner_idx').on(t.companyId, t.ownerUserId),
  ],
);

/** Bytes kept as they are (PDFs, logos). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    businessJobId: integer('business_job_id')
      .notNull()
      .references(() => businessJobs.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    date: date('date').notNull(),
    status: text('status', { enum: ['draft', 'sent', 'accepted', 'refused'] }).notNull(),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    totalVatCents: integer('total_vat_cents').notNull(),
    totalInclTaxCents: integer('total_incl_tax_cents').notNull(),
    version: integer('version').notNull().default(1),
    /** Autoliquidation (a subcontractor billing the main contractor): no VAT on the quote nor its invoices. */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** The editor's content: chapters, sub-chapters, priced, option and text lines (domain/quoteContent.ts). */
    items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    /** Deposit asked at signature, a share of the total after discount. */
    depositBasisPoints: integer('deposit_basis_points').notNull().default(0),
    /** The last day the offer holds; null only on a legacy quote. */
    validUntil: date('valid_until'),
    startDate: date('start_date'),
    durationDays: integer('duration_days'),
    paymentTerms: text('payment_terms').notNull().default(''),
    /** What the quote itself costs excl. VAT; 0 = « Devis gratuit ». */
    feeCents: integer('fee_cents').notNull().default(0),
    optionsExclTaxCents: integer('options_excl_tax_cents').notNull().default(0),
    /** Revisions share the first one's number: DE-2026-00012, DE-2026-00012-B … */
    baseNumber: text('base_number').notNull(),
    revisionIndex: integer('revision_index').notNull().default(0),
    previousRevisionId: integer('previous_revision_id'),
    /** Only the latest revision is acted on; earlier ones stay readable. */
    latest: boolean('latest').notNull().default(true),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 (hex) of the online acceptance link's token (the token is only in the mail). */
    acceptanceTokenHash: text('acceptance_token_hash'),
  },
  (t) => [
    index('quotes_company_idx').on(t.companyId, t.date),
    index('quotes_job_idx').on(t.companyId, t.businessJobId),
    index('quotes_customer_idx').on(t.companyId, t.customerId),
    uniqueIndex('quotes_number_uq').on(t.companyId, t.number),
    uniqueIndex('quotes_acceptance_token_uq').on(t.acceptanceTokenHash),
    index('quotes_base_number_idx').on(t.companyId, t.baseNumber, t.revisionIndex),
  ],
);

/**
 * The customer's answer to a quote: online through the link (signer, IP address, user agent, the
 * accepted PDF and its SHA-256), or recorded by the company in the back office.
 */
export const quoteAnswers = pgTable('quote_answers', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  quoteId: integer('quote_id')
    .notNull()
    .unique()
    .references(() => quotes.id),
  decision: text('decision', { enum: ['accepted', 'refused'] }).notNull(),
  channel: text('channel', { enum: ['online', 'recorded'] }).notNull(),
  signerName: text('signer_name').notNull().default(''),
  reason: text('reason').notNull().default(''),
  ipAddress: text('ip_address').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  recordedByUserId: integer('recorded_by_user_id').references(() => users.id),
  pdfSha256: text('pdf_sha256'),
  pdf: bytea('pdf'),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A quote's lines, in chapters (a line's `chapter` is the title of the chapter it sits in). */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    chapter: text('chapter').notNull().default(''),
    label: text('label').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit').notNull().default('u'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRateId: integer('vat_rate_id')
      .notNull()
      .references(() => vatRates.id),
    /** The rate's percentage when the line was written. */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    /** The line's share of the quote's global discount: invoices bill the line net of it. */
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId, t.position)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    quoteId: integer('quote_id').references(() => quotes.id),
    businessJobId: integer('business_job_id').references(() => businessJobs.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Null while PROVISOIRE: a number is given on validation. */
    number: text('number'),
    type: text('type', { enum: ['facture', 'factureAcompte', 'factureAvoir'] }).notNull(),
    status: text('status', { enum: ['PROVISOIRE', 'VALIDATED'] }).notNull(),
    date: date('date').notNull(),
    dueDate: date('due_date').notNull(),
    /**
     * When the works were carried out or finished, if not the invoice's date (CGI art. 242 nonies A);
     * null: the job's reception date, else the invoice's date (documents/invoice-data.ts).
     */
    worksDate: date('works_date'),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    totalVatCents: integer('total_vat_cents').notNull(),
    totalInclTaxCents: integer('total_incl_tax_cents').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /** deposit, progress, final, simple or credit_note (`type` is the spec's coarser word). */
    kind: text('kind', { enum: invoiceKinds }).notNull().default('simple'),
    title: text('title').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** {rule, value}, copied from the customer (else the company) at creation; editable while PROVISOIRE. */
    paymentDeadline: jsonb('payment_deadline').notNull().default({ rule: 'days', value: 30 }),
    paymentModes: text('payment_modes').array().notNull().default(sql`'{transfer,check}'::text[]`),
    /** deposit: share of the quote invoiced. */
    depositBasisPoints: integer('deposit_basis_points'),
    /** Retainage held on this invoice, incl. tax (the job's rate of the total incl. tax). */
    retainageCents: integer('retainage_cents').notNull().default(0),
    /** Sum of the payments of the invoice itself, not of its retainage (kept by recordPayment and deletePayment; the lists filter and sort on it). */
    paidCents: integer('paid_cents').notNull().default(0),
    /** How many payments the invoice has received, its retainage's included (kept with `paid_cents`). */
    paymentCount: integer('payment_count').notNull().default(0),
    /** Sum of the payments of the invoice's retainage (kept with `paid_cents`; the lists' retainage balance). */
    retainagePaidCents: integer('retainage_paid_cents').notNull().default(0),
    /** The domain's InvoiceAmounts (per rate: gross, deposit deducted, base, VAT; retainage; due), as computed. */
    amounts: jsonb('amounts').notNull().default(sql`'{}'::jsonb`),
    /** progress and final: every quote line's cumulative progress after this invoice ([{lineId, percent}]). */
    progress: jsonb('progress').notNull().default(sql`'[]'::jsonb`),
    /** A credit note: the invoice it cancels. */
    creditedInvoiceId: integer('credited_invoice_id'),
    /** A cancelled invoice: its credit note. */
    creditNoteId: integer('credit_note_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** Autoliquidation: no VAT (the quote's flag for its invoices; a simple invoice's own). */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /**
     * When the validated invoice first left the editor: mailed, or its PDF or XML downloaded other
     * than as the editor's preview (migration 0024). From then on it is never reverted.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * What partial credit notes took back of the invoice's due and of its retainage (positive). Also
     * counted in `paid_cents` / `retainage_paid_cents`, which every balance reads (migration 0024).
     */
    creditedCents: integer('credited_cents').notNull().default(0),
    creditedRetainageCents: integer('credited_retainage_cents').notNull().default(0),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId, t.date, t.id),
    index('invoices_quote_idx').on(t.quoteId),
    index('invoices_status_idx').on(t.companyId, t.status, t.date, t.id),
    index('invoices_customer_idx').on(t.companyId, t.customerId, t.date, t.id),
    index('invoices_job_idx').on(t.companyId, t.businessJobId, t.date),
    index('invoices_due_idx').on(t.companyId, t.dueDate).where(sql`status = 'VALIDATED'`),
    index('invoices_number_idx').on(t.companyId, t.number),
    index('invoices_total_idx').on(t.companyId, t.totalInclTaxCents, t.id),
    // The outstanding payments list: invoices still owed (few, however many are paid), and
    // retainages (payments/outstanding reads both with the same predicates). The amounts of the
    // balance are in the index (migration 0022), so the list's totals read the index alone.
    index('invoices_outstanding_idx')
      .on(t.companyId, t.dueDate, t.id, t.totalInclTaxCents, t.retainageCents, t.paidCents)
      .where(
        sql`status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0`,
      ),
    // The outstanding list sorted by balance (migration 0018).
    index('invoices_outstanding_balance_idx')
      .on(t.companyId, sql`(total_incl_tax_cents - retainage_cents - paid_cents)`, t.id)
      .where(
        sql`status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0`,
      ),
    // Invoices not fully paid, whatever their status: the received list's overdue filter, its
    // pages (probed by id) and its totals (what the overdue invoices received, added up), read
    // from the index alone (migration 0022). The outstanding search's trigram index on open
    // invoices' numbers is hand-written there (drizzle cannot declare it).
    index('invoices_unpaid_idx')
      .on(t.companyId, t.id, t.dueDate, t.paymentCount, t.paidCents, t.retainagePaidCents)
      .where(sql`total_incl_tax_cents - retainage_cents - paid_cents > 0`),
    index('invoices_retainage_idx')
      .on(t.companyId, t.businessJobId)
      .where(
        sql`status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and retainage_cents > 0`,
      ),
    // The reporting's periods (migration 0043): the invoices dated in a period, each index with the
    // amounts its totals add up as INCLUDE columns (drizzle cannot declare them), read alone —
    // validated (invoiced, per month, per customer), credit notes, still owed (outstanding, overdue,
    // aged receivables), with a retainage.
    index('invoices_validated_period_idx').on(t.companyId, t.date).where(sql`status = 'VALIDATED'`),
    index('invoices_credit_note_period_idx')
      .on(t.companyId, t.date)
      .where(sql`status = 'VALIDATED' and kind = 'credit_note'`),
    index('invoices_outstanding_period_idx')
      .on(t.companyId, t.date)
      .where(
        sql`status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0`,
      ),
    index('invoices_retainage_period_idx')
      .on(t.companyId, t.date)
      .where(
        sql`status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and retainage_cents > 0`,
      ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    label: text('label').notNull(),
    /** Thousandths of a unit, so 1,5 m² is 1500. */
    quantityMilli: integer('quantity_milli').notNull(),
    unit: text('unit').notNull().default('u'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRateId: integer('vat_rate_id')
      .notNull()
      .references(() => vatRates.id),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    position: integer('position').notNull().default(0),
    chapter: text('chapter').notNull().default(''),
    /** The quote line invoiced (progress, final), else null. */
    quoteLineId: integer('quote_line_id').references(() => quoteLines.id),
    /** The rate's percentage when the line was written: a later edit of the rate never moves it. */
    vatBasisPoints: integer('vat_basis_points').notNull().default(0),
    /** progress and final: the quote line's cumulative progress after this invoice (10000 = all). */
    progressBasisPoints: integer('progress_basis_points'),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    index('invoice_lines_quote_line_idx').on(t.quoteLineId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    bankId: integer('bank_id').references(() => banks.id),
    mode: text('mode', { enum: paymentModes }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidOn: date('paid_on').notNull(),
    comment: text('comment').notNull().default(''),
    /** Pays the invoice's retainage (its return), not the invoice itself. */
    isRetainage: boolean('is_retainage').notNull().default(false),
    /** Cheques only: the cheque's number and its drawer (who signed it), for the remittance slip. */
    chequeNumber: text('cheque_number'),
    drawer: text('drawer'),
    /** When the payment was recorded: its accounting entry's validation (FEC ValidDate, migration 0026). */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The VAT this payment collects on receipts (migration 0045): set by the database on every write
     * of the payment and when its invoice's amounts change (`collected_vat_cents`, the domain's
     * `collectedVat` in SQL); whatever a statement writes here is replaced.
     */
    collectedVatCents: bigint('collected_vat_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    // The received list's default order (newest first) and its totals, read from the index alone
    // (replaces payments_company_idx (company_id, paid_on), its prefix).
    index('payments_list_idx').on(t.companyId, t.paidOn, t.id, t.amountCents),
    // The received list sorted by amount, filtered by mode or by bank (newest first), pages and
    // totals read from the index (migration 0018).
    index('payments_amount_idx').on(t.companyId, t.amountCents, t.id),
    index('payments_mode_idx').on(t.companyId, t.mode, t.paidOn, t.id, t.amountCents),
    index('payments_bank_idx').on(t.companyId, t.bankId, t.paidOn, t.id, t.amountCents),
    // What each invoice's retainage has received (the outstanding list's retainage lines).
    index('payments_retainage_idx').on(t.companyId, t.invoiceId, t.amountCents).where(sql`is_retainage`),
  ],
);

/**
 * « Mes applications » (issue 23, migration 0035): a company's connection to each measuring
 * application (one row per company and type; a reconnection sets `connected_at` again).
 */
export const applicationConnections = pgTable(
  'application_connections',
  {
    companyId: companyId(),
    type: text('type', { enum: ['pix4d', 'sema'] }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'application_connections_pk', columns: [t.companyId, t.type] })],
);

/**
 * The connector's API keys: only the key's SHA-256 (hex) is kept, looked up before any company is
 * known (owner connection, as sessions are); `prefix` is what the screens show of it.
 */
export const applicationKeys = pgTable(
  'application_keys',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    type: text('type', { enum: ['pix4d', 'sema'] }).notNull(),
    keyHash: text('key_hash').notNull().unique('application_keys_hash_unique'),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('application_keys_company_idx').on(t.companyId, t.type)],
);

/** A named set of measures from one application, optionally tied to a job (migration 0035). */
export const measureGroups = pgTable(
  'measure_groups',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    application: text('application', { enum: ['pix4d', 'sema'] }).notNull(),
    /** The application's own id of the group (connector API: idempotent by it); null for a user's. */
    externalId: text('external_id'),
    name: text('name').notNull(),
    businessJobId: integer('business_job_id').references(() => businessJobs.id),
    /** Grows by one at each change of the group or its measures (409 stale_version on edit). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last measures received (connector or import). */
    lastDataAt: timestamp('last_data_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('measure_groups_external_unique').on(t.companyId, t.application, t.externalId),
    index('measure_groups_company_idx').on(t.companyId, t.application, t.createdAt, t.id),
    index('measure_groups_job_idx').on(t.companyId, t.businessJobId),
  ],
);

/** A group's measures; values in thousandths of their unit (src/contract/measures.ts). */
export const measures = pgTable(
  'measures',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => measureGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['length', 'area', 'volume', 'count'] }).notNull(),
    valueMilli: bigint('value_milli', { mode: 'number' }).notNull(),
    unit: text('unit', { enum: ['m', 'm²', 'm³', 'u'] }).notNull(),
    note: text('note').notNull().default(''),
    /** As received (GeoJSON or the tool's own), never read by the server. */
    geometry: jsonb('geometry'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('measures_external_unique').on(t.groupId, t.externalId),
    index('measures_group_idx').on(t.companyId, t.groupId, t.position),
  ],
);

/** Every change of a group, append-only (bo_app may not UPDATE or DELETE them: migration 0035). */
export const measureGroupEvents = pgTable(
  'measure_group_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => measureGroups.id),
    /** src/contract/measures.ts measureEventKinds. */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['user', 'connector', 'import'] }).notNull(),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('measure_group_events_group_idx').on(t.companyId, t.groupId, t.id)],
);

/**
 * The company's activity log (issue 24, migration 0041): one row per business change, written in
 * that change's transaction by server/src/activity/record.ts. Append-only: bo_app may only SELECT and
 * INSERT. Kinds and object types are src/contract/activity.ts's.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the system or a connected application. No foreign key: an event outlives anything. */
    userId: integer('user_id'),
    kind: text('kind').notNull(),
    objectType: text('object_type').notNull(),
    objectId: bigint('object_id', { mode: 'number' }),
    /** The French sentence written at that moment. */
    label: text('label').notNull(),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('activity_events_company_idx').on(t.companyId, t.occurredAt.desc(), t.id.desc()),
    index('activity_events_object_idx').on(t.companyId, t.objectType, t.objectId),
  ],
);

/** Per company: how documents are printed and numbered (edited later by the preferences screens). */
export const documentSettings = pgTable('document_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  quantityPrecision: integer('quantity_precision').notNull().default(2),
  unitPricePrecision: integer('unit_price_precision').notNull().default(2),
  documentsPerPage: integer('documents_per_page').notNull().default(20),
  invoiceNumberFormat: text('invoice_number_format').notNull().default('FA-{AAAA}-{NNNNN}'),
  creditNoteNumberFormat: text('credit_note_number_format').notNull().default('AV-{AAAA}-{NNNNN}'),
  creditNoteOwnSequence: boolean('credit_note_own_sequence').notNull().default(true),
  version: integer('version').notNull().default(1),
  // What the printed documents show (issue 10, migration 0010); server/src/documents reads them.
  invoiceTitle: text('invoice_title').notNull().default('Facture'),
  /** Printed under the lines of every invoice (an invoice's own comment comes first). */
  invoiceComment: text('invoice_comment').notNull().default(''),
  /** The seller name printed on invoices; empty = the company's name. */
  invoiceCompanyName: text('invoice_company_name').notNull().default(''),
  invoiceShowPaymentModes: boolean('invoice_show_payment_modes').notNull().default(true),
  invoiceShowBank: boolean('invoice_show_bank').notNull().default(true),
  /** The bank printed (IBAN/BIC); null = the company's default bank. */
  invoiceBankId: integer('invoice_bank_id').references(() => banks.id, { onDelete: 'set null' }),
  headerText: text('header_text').notNull().default(''),
  footerText: text('footer_text').notNull().default(''),
  termsOfSale: text('terms_of_sale').notNull().default(''),
  termsOnQuote: boolean('terms_on_quote').notNull().default(false),
  termsOnInvoice: boolean('terms_on_invoice').notNull().default(false),
  termsOnNewPage: boolean('terms_on_new_page').notNull().default(true),
  quoteTitle: text('quote_title').notNull().default('Devis'),
  quoteCompanyName: text('quote_company_name').notNull().default(''),
  /** Energy-savings certificates (CEE) mention printed on quotes; empty = none. */
  quoteCeeMention: text('quote_cee_mention').notNull().default(''),
  /** Days a new quote's offer holds: its default validity date is its date + these days. */
  quoteValidityDays: integer('quote_validity_days').notNull().default(30),
  /** Nature of the operations invoiced (a mandatory mention): goods, services or both. */
  operationNature: text('operation_nature', { enum: ['goods', 'services', 'mixed'] })
    .notNull()
    .default('services'),
  /** The company opted to pay VAT on debits (« Option pour le paiement de la taxe d'après les débits »). */
  vatOnDebits: boolean('vat_on_debits').notNull().default(false),
  /** The late-payment penalty rate printed on invoices (a mandatory mention). */
  latePenaltyRate: text('late_penalty_rate').notNull().default("trois fois le taux d'intérêt légal"),
  /** The decennial insurance's geographic cover (the insurer itself is company data). */
  insuranceCoverage: text('insurance_coverage').notNull().default('France métropolitaine'),
});

/**
 * The company's accounting settings (spec section 3: customer, prorata and retainage account
 * numbers, fiscal year), plus the journal codes and fallback accounts the exports (sales journal,
 * bank journal, FEC) write. One row per company, written on the first save; until then the exports
 * read the defaults below (server/src/exports/accounting-settings.ts).
 */
export const accountingSettings = pgTable('accounting_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  customerAccount: text('customer_account').notNull().default('411000'),
  prorataAccount: text('prorata_account').notNull().default('604000'),
  retainageAccount: text('retainage_account').notNull().default('411700'),
  /** Sales and VAT accounts of a VAT rate that has none of its own. */
  salesAccount: text('sales_account').notNull().default('706000'),
  vatAccount: text('vat_account').notNull().default('445710'),
  /** Deposits: advances received (PCG 4191), cleared by the invoices that deduct them (migration 0026). */
  advanceAccount: text('advance_account').notNull().default('419100'),
  /** Reverse-charge sales when the VAT sheet's 0 % rate names no product account (migration 0026). */
  reverseChargeAccount: text('reverse_charge_account').notNull().default('706300'),
  salesJournalCode: text('sales_journal_code').notNull().default('VE'),
  bankJournalCode: text('bank_journal_code').notNull().default('BQ'),
  fiscalYearStart: date('fiscal_year_start'),
  fiscalYearEnd: date('fiscal_year_end'),
  version: integer('version').notNull().default(1),
});

/**
 * Every number series' counter (db/counters.ts): one row per company, series (`invoice`,
 * `creditNote`, `quote`, `customer`, `accounting_entry`) and period (the year when the series
 * restarts yearly, else ''). A document takes its number by updating the row in its own
 * transaction, which locks it until commit: gapless, in order, never twice.
 */
export const numberingCounters = pgTable(
  'numbering_counters',
  {
    companyId: companyId(),
    sequence: text('sequence').notNull(),
    period: text('period').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
    /** Date of the last document numbered in this sequence: a later one may not be dated before it. */
    lastDate: date('last_date'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.sequence, t.period] })],
);

/**
 * The FEC's entry numbers (migration 0026): each validated invoice (sales journal) and payment (bank
 * journal) gets the company's next number once, in the order of validation (server/src/exports/
 * entry-numbers.ts). No foreign key to the source: a number is never reused nor moved.
 */
export const accountingEntries = pgTable(
  'accounting_entries',
  {
    companyId: companyId(),
    number: integer('number').notNull(),
    invoiceId: integer('invoice_id'),
    paymentId: integer('payment_id'),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);

/**
 * Edit locks: a record (job, quote, invoice) being edited by one session. Another session may read
 * it but not save until the lock lapses after inactivity or is released.
 */
export const editLocks = pgTable(
  'edit_locks',
  {
    companyId: companyId(),
    resource: text('resource').notNull(),
    resourceId: integer('resource_id').notNull(),
    sessionId: text('session_id').notNull(),
    /** The holder's last save or renewal: the lock lapses LOCK_IDLE_MS after it (domain/lock.ts). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.resource, t.resourceId] })],
);

/**
 * Rate counters (http/rate-limit.ts): sign-in per address, account and trusted browser, mails per
 * company. Not a tenant table (the company is unknown before sign-in); kept in the database so that
 * every server process shares the same limits. Owner connection only (migration 0025).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** Growing-delay counters: no hit is let through before this. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    /** The counter starts again from zero after this (and the row may be deleted). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set to the caller's random id by the hit that was let through last. */
    grantId: text('grant_id').notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);

/**
 * One row per sign-in; its id travels in the token (`sid`). Logout and locking the user revoke it,
 * and past `expires_at` (the absolute lifetime) no token of it is accepted or renewed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A company's stored files (its logo): bytes and the content type checked at upload, served back
 * only to the company's own callers (routes/company-settings.ts).
 */
export const companyFiles = pgTable(
  'company_files',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** What the file is for: one file per purpose (`logo`); a new upload replaces it. */
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_files_purpose_unique').on(t.companyId, t.purpose)],
);

/**
 * Costs and sale prices (spec section 3, Costs): money in cents, percentages in basis points,
 * coefficients in thousandths (1,350 = 1350). Computed figures are not stored (src/contract/costs.ts).
 */
export const costSettings = pgTable('cost_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  directLabourCostCents: integer('direct_labour_cost_cents').notNull().default(0),
  employerChargesBasisPoints: integer('employer_charges_basis_points').notNull().default(0),
  materialPurchaseCostCents: integer('material_purchase_cost_cents').notNull().default(0),
  siteCostCents: integer('site_cost_cents').notNull().default(0),
  indirectChargesCents: integer('indirect_charges_cents').notNull().default(0),
  overheadExpensesCents: integer('overhead_expenses_cents').notNull().default(0),
  yearlySiteHours: integer('yearly_site_hours').notNull().default(1607),
  contingencyBasisPoints: integer('contingency_basis_points').notNull().default(0),
  benefitBasisPoints: integer('benefit_basis_points').notNull().default(0),
  labourCoefficientMilli: integer('labour_coefficient_milli').notNull().default(1000),
  materialsCoefficientMilli: integer('materials_coefficient_milli').notNull().default(1000),
  version: integer('version').notNull().default(1),
});

/**
 * The price library (issue 22, migration 0029): families (a tree), items of four kinds and the
 * works' compositions. Prices are computed at each read from the company's current costs
 * (src/contract/pricing.ts), never stored. The generated sort and search keys (sort_key, code_key,
 * search_key: bo_fold) are read through sql, not declared here.
 */
export const libraryFamilies = pgTable('library_families', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  /** Migration 0037: a rename or a move is saved from the version read. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const libraryItems = pgTable('library_items', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  /** supply, labour, equipment or work (src/contract/library.ts). */
  kind: text('kind').notNull(),
  code: text('code').notNull().default(''),
  designation: text('designation').notNull(),
  unit: text('unit').notNull().default(''),
  familyId: integer('family_id').references(() => libraryFamilies.id),
  /** supply: purchase price excl. VAT; equipment: its cost; labour: its own hourly cost (null: the company's). */
  unitCostCents: integer('unit_cost_cents'),
  supplier: text('supplier').notNull().default(''),
  vatRateId: integer('vat_rate_id').references(() => vatRates.id),
  lossBasisPoints: integer('loss_basis_points').notNull().default(0),
  fixedSalePriceCents: integer('fixed_sale_price_cents'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const libraryComponents = pgTable(
  'library_components',
  {
    companyId: companyId(),
    workId: integer('work_id')
      .notNull()
      .references(() => libraryItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    componentId: integer('component_id')
      .notNull()
      .references(() => libraryItems.id),
    quantityMilli: integer('quantity_milli').notNull(),
  },
  (t) => [
    primaryKey({ name: 'library_components_pk', columns: [t.workId, t.position] }),
    index('library_components_component_idx').on(t.companyId, t.componentId),
  ],
);

/**
 * Invitations to set a password, sent to a new user. Only the token's SHA-256 is stored; the link
 * works once, before `expires_at`.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_invitations_user_idx').on(t.userId)],
);

/**
 * « Mot de passe oublié ? » (issue 26, migration 0039): a reset link sent by mail. Only the
 * SHA-256 of its token is stored; it works once, for an hour, and using it voids the user's others.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Per company: how invoices are mailed (issue 10). No row until the settings are first edited: the
 * defaults (the company's name and email, the French templates of src/contract/sending.ts) apply.
 */
export const sendingSettings = pgTable('sending_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  senderName: text('sender_name').notNull(),
  senderEmail: text('sender_email').notNull(),
  subjectTemplate: text('subject_template').notNull(),
  bodyTemplate: text('body_template').notNull(),
  version: integer('version').notNull().default(1),
});

/** Every mail an invoice was sent in: when, by whom, to whom, and what it said (issue 10). */
export const invoiceSendings = pgTable(
  'invoice_sendings',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachmentName: text('attachment_name').notNull(),
    messageId: text('message_id').notNull(),
  },
  (t) => [index('invoice_sendings_invoice_idx').on(t.companyId, t.invoiceId, t.sentAt)],
);

/**
 * What a validated invoice's documents print, frozen at its validation (issue 10: an issued invoice
 * cannot change). The PDF and the XML of a validated invoice are drawn from `data`
 * (server/src/documents/frozen-document.ts), never again from the live company, customer or settings.
 */
export const invoiceDocumentSnapshots = pgTable('invoice_document_snapshots', {
  companyId: companyId(),
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The logos frozen documents print: each distinct image once per company, named by its SHA-256. */
export const documentLogos = pgTable(
  'document_logos',
  {
    companyId: companyId(),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.sha256] })],
);

/**
 * Every validated version of an invoice that a revert left behind (migration 0024): the frozen
 * document it printed, who reverted it, when and why. Never updated nor deleted by the app.
 */
export const invoiceVersions = pgTable(
  'invoice_versions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** 1 for the first validation, then one more per revert. */
    versionNumber: integer('version_number').notNull(),
    number: text('number'),
    date: date('date').notNull(),
    totalInclTaxCents: integer('total_incl_tax_cents').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /** The `invoice_document_snapshots.data` of that version (null: validated before snapshots). */
    document: jsonb('document'),
    revertedAt: timestamp('reverted_at', { withTimezone: true }).notNull().defaultNow(),
    revertedByUserId: integer('reverted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_versions_invoice_version_unique').on(t.companyId, t.invoiceId, t.versionNumber),
  ],
);

/**
 * « Gestion chantier » (issue 24, migration 0042): a job's planning and team, time entries, supplier
 * invoices (purchases) and the progress of the accepted quote's chapters as entered on site.
 */
export const jobPlannings = pgTable(
  'job_plannings',
  {
    companyId: companyId(),
    businessJobId: integer('business_job_id')
      .notNull()
      .references(() => businessJobs.id),
    startDate: date('start_date'),
    endDate: date('end_date'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ name: 'job_plannings_pk', columns: [t.companyId, t.businessJobId] })],
);

export const jobTeamMembers = pgTable(
  'job_team_members',
  {
    companyId: companyId(),
    businessJobId: integer('business_job_id')
      .notNull()
      .references(() => businessJobs.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'job_team_members_pk', columns: [t.companyId, t.businessJobId, t.userId] })],
);

/** One person's minutes on one job on one day, with the hourly cost of the moment it was entered. */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    businessJobId: integer('business_job_id')
      .notNull()
      .references(() => businessJobs.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    minutes: integer('minutes').notNull(),
    hourlyCostCents: integer('hourly_cost_cents').notNull(),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_entries_day_unique').on(t.companyId, t.businessJobId, t.userId, t.day),
    index('time_entries_job_idx').on(t.companyId, t.businessJobId, t.day),
  ],
);

export const purchaseSources = ['typed', 'facturx', 'cii', 'ubl'] as const;

/** A supplier invoice tied to a job; a file's bytes kept as received. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    businessJobId: integer('business_job_id')
      .notNull()
      .references(() => businessJobs.id),
    supplierName: text('supplier_name').notNull(),
    /** The supplier's SIRET or VAT number, as typed or read ('' : unknown). */
    supplierId: text('supplier_id').notNull().default(''),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    exclTaxCents: bigint('excl_tax_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    inclTaxCents: bigint('incl_tax_cents', { mode: 'number' }).notNull(),
    source: text('source', { enum: purchaseSources }).notNull(),
    fileName: text('file_name'),
    fileType: text('file_type'),
    file: bytea('file'),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchases_job_idx').on(t.companyId, t.businessJobId, t.invoiceDate, t.id)],
);

/** Append-only: the latest row per chapter is its progress. */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    businessJobId: integer('business_job_id')
      .notNull()
      .references(() => businessJobs.id),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    chapter: text('chapter').notNull(),
    percentBasisPoints: integer('percent_basis_points').notNull(),
    day: date('day').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chapter_progress_quote_idx').on(t.companyId, t.quoteId, t.chapter, t.id)],
);

/** The tables that row-level security fences by company (see migrations/0001). */
export const tenantTables = [
  'users',
  'notifications',
  'customers',
  'vat_rates',
  'banks',
  'business_jobs',
  'quotes',
  'invoices',
  'invoice_lines',
  'payments',
  'measure_groups',
  'sessions',
  'customer_counts',
  'quote_lines',
  'document_settings',
  'numbering_counters',
  'edit_locks',
  'company_files',
  'cost_settings',
  'user_invitations',
  'password_resets',
  'sending_settings',
  'invoice_sendings',
  'accounting_settings',
  'accounting_entries',
  // The search's narrow copy of the customers' keys (migration 0017, hand-written: no drizzle table;
  // 0044 adds the name key and the partial index of keys beyond ASCII).
  'customer_search',
  'invoice_document_snapshots',
  'document_logos',
  'invoice_versions',
  'quote_answers',
  // The price library (issue 22, migration 0029).
  'library_families',
  'library_items',
  'library_components',
  // Kept by triggers of migration 0029 (no drizzle table): items per company and kind.
  'library_item_counts',
  // The search's word index (migration 0047, hand-written, kept by triggers): each item's words
  // with its list keys, and the company's vocabulary.
  'library_word_items',
  'library_words',
  // Kept by triggers of migration 0053 (no drizzle table): items per company and start of a word of
  // one or two characters.
  'library_short_word_counts',
  // « Mes applications » (issue 23, migration 0035).
  'application_connections',
  'application_keys',
  'measures',
  'measure_group_events',
  // « Gestion chantier » (issue 24, migration 0042).
  'job_plannings',
  'job_team_members',
  'time_entries',
  'purchases',
  'chapter_progress',
  // « Suivi d'activité » (issue 24, migration 0041).
  'activity_events',
  // The reporting's per-day sums of the validated invoices (issue 24, migration 0048, hand-written:
  // no drizzle table; kept by triggers on invoices).
  'invoice_day_totals',
  // « Mes factures »' count and sums per company and status (issue 27, migration 0054, hand-written:
  // no drizzle table; kept by triggers on invoices).
  'invoice_list_totals',
  // The users' list as JSON, one row per company (issue 20, migration 0051, hand-written: no drizzle
  // table; kept by triggers on users).
  'users_list',
] as const;
