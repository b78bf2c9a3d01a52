/**
 * Every error key the API may answer (`{error: {key}}`), with its HTTP status. The server answers
 * only these keys (server/src/http/errors.ts); `src/i18n/serverErrors.ts` must give each one its
 * French sentence, which the compiler checks (`satisfies Record<ErrorKey, string>`) and a test too.
 * The spec (section 8) names messages but not keys: keys for areas not built yet are listed so that
 * their sentences exist before their routes do.
 */
export const errorStatuses = {
  unauthorized: 401,
  forbidden: 403,
  admin_required: 403,
  not_found: 404,
  bad_request: 400,
  validation: 422,
  id_mismatch: 422,
  email_already_used: 409,
  customer_code_exists: 409,
  customer_in_use: 409,
  /** An edit sent with a version that is no longer the stored one: someone saved in between. */
  stale_version: 409,
  cannot_modify_self: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  /** A database statement cancelled at its time limit, or no database connection free in time. */
  database_timeout: 503,
  // Spec section 8, for the invoicing and payments areas.
  invoice_validation_error: 422,
  invalid_invoice_parameters: 422,
  amount_higher_than_vat: 422,
  resource_locked: 409,
  quote_has_provisional_invoice: 409,
  invoice_not_last_validated_part: 409,
  business_has_delivery_date: 409,
  retainage_already_paid: 409,
  invoice_date_before_last_validation: 422,
  cancel_not_last_invoice: 409,
  deposit_invoice_with_existing_invoices: 409,
  credit_payment_retainage: 422,
  credit_payment_nonzero: 422,
  credit_payment_invoice_has_payments: 422,
  batch_invoices_not_paid: 409,
  batch_payments_not_deleted: 409,
  batch_payments_not_found: 404,
  payment_not_found: 404,
  // Payments (issue 11): a row of a batch refused for these.
  invoice_not_payable: 409,
  payment_before_issuance: 422,
  payment_amount_invalid: 422,
  payment_exceeds_balance: 409,
  vat_percentage_used: 409,
  // The invoicing domain's own refusals (server/src/domain/errors.ts).
  invoice_already_validated: 409,
  invoice_not_validated: 409,
  validated_invoice_not_deletable: 409,
  numbered_invoice_not_deletable: 409,
  credit_note_not_cancellable: 409,
  invoice_already_cancelled: 409,
  quote_invoiced: 409,
  // Quotes (issue 21): their lifecycle (server/src/domain/quoteLifecycle.ts).
  quote_not_editable: 409,
  quote_not_sent: 409,
  quote_expired: 409,
  quote_already_answered: 409,
  quote_not_accepted: 409,
  quote_fully_invoiced: 409,
  quote_revision_superseded: 409,
  invalid_number_pattern: 422,
  // Corrections of issued invoices (issue 18).
  invoice_already_sent: 409,
  invoice_has_credit_notes: 409,
  invoice_date_in_future: 422,
  credit_note_exceeds_invoice: 422,
  /** Validating an invoice to a business customer in France without its SIREN (`fields`: siret). */
  customer_data_missing: 422,
  // Preferences (issue 12).
  file_too_large: 413,
  unsupported_file_format: 415,
  vat_default_required: 409,
  wrong_current_password: 422,
  invitation_invalid: 410,
  /** Validating an invoice while a mandatory mention of the company is empty (`fields` names them). */
  company_data_missing: 422,
  // Sending an invoice by email (issue 10).
  invoice_not_sendable: 409,
  recipient_missing: 422,
  sender_email_missing: 422,
  mail_not_sent: 502,
  /** A PDF not drawn within its bounds (time, memory) or while every PDF worker is taken. */
  document_unavailable: 503,
  // Banks and exports (issue 11).
  bank_in_use: 409,
  /** Deleting a VAT rate that an invoice, a quote or a library item uses (issue 24). */
  vat_rate_in_use: 409,
  bank_default_required: 422,
  export_period_invalid: 422,
  // Reporting (issue 24): a period whose monthly series would pass ten years.
  reporting_period_too_long: 422,
  // The price library (issue 22).
  /** Deleting an item that a work's composition uses. */
  library_item_in_use: 409,
  /** A work's composition that would contain the work itself, through any depth. */
  library_cycle: 422,
  /** A work whose cost or sale price would pass libraryRules.maxPriceCents. */
  library_price_out_of_range: 422,
  // Price list imports and the starter library (issue 22, « Imports »).
  /** A price list over importRules.maxBytes (20 Mo). */
  import_file_too_large: 413,
  /** Neither a CSV (text) nor an XLSX workbook that reads. */
  import_file_unreadable: 422,
  /** No line after the header. */
  import_file_empty: 422,
  /** More lines than importRules.maxLines (200 000). */
  import_too_many_lines: 422,
  /** The starter library asked for while the library holds items. */
  library_not_empty: 409,
  // « Mes applications » (issue 23): the connector API and the measure files.
  /** A connector path called without X-Api-Key (a user's token is not accepted there). */
  api_key_required: 401,
  /** An X-Api-Key unknown, or revoked (regenerated or the application disconnected). */
  api_key_invalid: 401,
  /** A key of the company's other application (a Pix4D key on a SEMA path). */
  api_key_wrong_application: 403,
  /** A measure file that cannot be imported whole: nothing stored, the reasons listed. */
  measure_import_refused: 422,
  /** A measure file over measureRules.maxFileBytes (5 Mo), refused before it is read. */
  measure_file_too_large: 413,
  /** The group would hold more than measureRules.maxMeasuresPerGroup measures. */
  measure_group_full: 422,
  // « Gestion chantier » (issue 24): only for a company with the scope gestion-de-chantier.
  /** A site-management call from a company without the scope gestion-de-chantier. */
  scope_required: 403,
  /** A supplier file over siteRules.maxFileBytes (10 Mo), refused before it is read. */
  purchase_file_too_large: 413,
  /** A file that is neither a Factur-X PDF, nor a CII or UBL invoice (XML). */
  purchase_file_unreadable: 422,
  /** An invoice file that lacks its supplier, number, date or amounts, or whose amounts disagree. */
  purchase_file_incomplete: 422,
  /** An invoice in another currency than the euro. */
  purchase_file_currency: 422,
  /** The same supplier's invoice number is already recorded in the company. */
  purchase_already_recorded: 409,
  /** Progress entered on a job without an accepted quote. */
  job_without_accepted_quote: 409,
} as const;

export type ErrorKey = keyof typeof errorStatuses;

export const errorKeys = Object.keys(errorStatuses) as [ErrorKey, ...ErrorKey[]];
