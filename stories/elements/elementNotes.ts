/**
 * What an element's docs page says beyond custom-elements.json: what its session must allow, which
 * platform page embeds it, example attribute values for the embedding snippet and the stories that
 * show its states (Storybook ids: the title and the export's name in kebab case).
 */
export interface ElementNotes {
  /** Beyond the signed-in session every element needs. */
  session?: string;
  usedBy: string;
  /** Attribute values for the snippet, by property name. */
  example?: Record<string, string>;
  /** [what the story shows, its Storybook id]. */
  states: [string, string][];
}

const signedInPages = 'Every platform page (server/src/pages/layout.ts) and the client SPA.';

export const elementNotes: Record<string, ElementNotes> = {
  'bo-shell': {
    usedBy: 'Added by any other bo-* element when the page has none; a page may place it itself.',
    states: [
      ['Toasts of every type', 'shell-toasts--every-type'],
      ['Not logged in', 'shell-session-and-network--not-logged-in-screen'],
      ['Redirecting', 'shell-session-and-network--redirecting-screen'],
      ['Offline modal', 'shell-session-and-network--offline-modal-open'],
    ],
  },
  'bo-nav-bar': {
    session:
      'Gestion chantier shows only with the scope gestion-de-chantier; the Réglages entries follow the admin claim.',
    usedBy: signedInPages,
    states: [
      ['Administrator', 'navigation-navbar--admin'],
      ['Non-administrator', 'navigation-navbar--non-admin'],
      ['Without site management', 'navigation-navbar--without-site-management'],
      ['Collapsed at 800 px', 'navigation-navbar--collapsed-800'],
      ['Hidden with ?menu=no', 'navigation-navbar--menu-no'],
    ],
  },
  'bo-notification-bell': {
    usedBy: 'Inside <bo-nav-bar>; alone on a page that has its own menu.',
    states: [
      ['The bell alone', 'navigation-navbar--bell-alone'],
      ['Empty centre', 'notifications-centre--empty'],
      ['23 notifications and « Afficher plus »', 'notifications-centre--twenty-three-with-show-more'],
      ['Load failed', 'notifications-centre--load-failed'],
    ],
  },
  'bo-customer-sheet': {
    usedBy: 'The client SPA at /gestion-clients/{customerId}; any legacy customer page.',
    example: { customerId: '12' },
    states: [
      ['Filled form', 'customers-form--filled'],
      ['Errors under the fields', 'customers-form--with-errors'],
      ['Existing code flagged', 'customers-form--existing-code-flagged'],
      ['Saved by someone else first', 'customers-form--stale-save'],
      ['Figures and documents', 'customers-sheet-record--with-documents'],
    ],
  },
  'bo-invoice-editor': {
    session: '« Créer un avoir » needs the admin claim; others see why it is inert.',
    usedBy: 'The client SPA at /facturation/factures/{invoiceRefId}; a legacy invoice page.',
    example: { invoiceRefId: '42' },
    states: [
      ['Draft', 'invoices-editor--draft'],
      ['Validation dialog', 'invoices-editor--validation-dialog'],
      ['Validated', 'invoices-editor--validated'],
      ['Cancel by a credit note', 'invoices-editor--cancel-dialog'],
      ['Revert dialog', 'invoices-correction-dialogs--revert'],
      ['Partial credit note dialog', 'invoices-correction-dialogs--create-credit-note'],
      ['Save refused', 'invoices-editor--save-failed'],
      ['At 800 px', 'invoices-editor--draft-at-800'],
    ],
  },
  'bo-price-library': {
    usedBy: '/app/prive/#/base-donnees.',
    states: [
      ['List', 'library-base-de-données--list'],
      ['Empty', 'library-base-de-données--empty'],
      ["A work's sheet", 'library-base-de-données--work-sheet'],
      ['Load failed', 'library-base-de-données--load-error'],
    ],
  },
  'bo-quotes-list': {
    usedBy:
      '/app/prive/#/elaboration-devis: the page listens for bo-quote-open and shows <bo-quote-editor> in place of the list.',
    states: [["The job sheet's quotes", 'jobs-affaires--job-sheet-with-quotes']],
  },
  'bo-quote-editor': {
    usedBy: '/app/prive/#/elaboration-devis?devis={id}.',
    example: { quoteId: '7' },
    states: [
      ['Empty draft', 'quotes-editor--draft-empty'],
      ['Three chapters', 'quotes-editor--draft-three-chapters'],
      ['Sent (read-only)', 'quotes-editor--sent'],
      ['Accepted', 'quotes-editor--accepted'],
      ['Saving error', 'quotes-editor--saving-error'],
      ['Saved by someone else first', 'quotes-editor--stale'],
      ['At 800 px', 'quotes-editor--draft-at-800'],
    ],
  },
  'bo-measure-groups': {
    usedBy:
      "/app/applications/ (« Mes applications » of the platform menu): a group's link and bo-measure-group-created open <bo-measure-group> in place.",
    example: { application: 'pix4d' },
    states: [
      ['List', 'applications-groupes-de-mesures--groups-list'],
      ['Empty', 'applications-groupes-de-mesures--groups-list-empty'],
      ['At 800 px', 'applications-groupes-de-mesures--groups-list-at-800'],
    ],
  },
  'bo-measure-group': {
    usedBy: '/app/applications/#/{pix4d|sema}/groupes-mesures/{id}.',
    example: { groupId: '3' },
    states: [
      ['With measures', 'applications-groupes-de-mesures--group-with-measures'],
      ['Empty', 'applications-groupes-de-mesures--group-empty'],
      ['Import refused', 'applications-groupes-de-mesures--import-refused'],
      ['Events', 'applications-groupes-de-mesures--timeline'],
    ],
  },
  'bo-payments-outstanding': {
    usedBy: 'The client SPA at /facturation/reglements/en-attente; demo/payments.html.',
    states: [
      ['A page of rows', 'payments-lists--outstanding-page'],
      ['Rows selected: the batch bar', 'payments-lists--outstanding-selected'],
      ['Empty', 'payments-lists--outstanding-empty'],
      ['Load failed', 'payments-lists--outstanding-failed'],
      ['« Régler la sélection »', 'payments-dialogs--pay'],
      ['A payment dated before the invoice', 'payments-dialogs--payment-dated-before-invoice'],
      ['At 800 px', 'payments-lists--outstanding-at-800'],
    ],
  },
  'bo-payments-received': {
    session: '« Supprimer la sélection » needs the admin claim; others see why it is inert.',
    usedBy: 'The client SPA at /facturation/reglements/recus.',
    states: [
      ['A page of rows', 'payments-lists--received-page'],
      ['« Supprimer la sélection »', 'payments-dialogs--delete'],
    ],
  },
  'bo-preferences-form': {
    session: 'Most screens are read-only without the admin claim (the reason shown at the top).',
    usedBy: 'The client SPA under /preferences; a legacy settings page, one screen per element.',
    example: { page: 'gestion-tva' },
    states: [
      ['Company information', 'preferences-screens--company-information'],
      ['Read-only (non-admin)', 'preferences-screens--company-information-read-only'],
      ['VAT rates', 'preferences-screens--vat-rates'],
      ['Users', 'preferences-screens--users'],
      ['Document formats', 'preferences-document-settings--document-formats'],
      ['Banks', 'exports-banks-and-accounting--bank-list'],
      ['Accounting', 'exports-banks-and-accounting--accounting-settings'],
    ],
  },
  'bo-customers-list': {
    usedBy: 'The client SPA at /gestion-clients.',
    states: [
      ['Loading', 'customers-list--loading'],
      ['A page of rows', 'customers-list--page-of-rows'],
      ['Filtered', 'customers-list--filtered'],
      ['No match', 'customers-list--no-match'],
      ['At 800 px', 'customers-list--page-of-rows-at-800'],
    ],
  },
  'bo-invoices-list': {
    usedBy: 'The client SPA at /facturation/factures (Mes factures).',
    states: [
      ['Rows', 'invoices-list--rows'],
      ['Selected', 'invoices-list--selected'],
      ['Filtered', 'invoices-list--filtered'],
      ['Empty', 'invoices-list--empty'],
      ['Load failed', 'invoices-list--failed'],
      ['At 800 px', 'invoices-list--rows-at-800'],
    ],
  },
  'bo-jobs-list': {
    usedBy: 'The client SPA at the Affaires path and /mes-affaires.',
    states: [
      ['List', 'jobs-affaires--jobs-list'],
      ['Mes affaires', 'jobs-affaires--my-jobs'],
      ['Empty', 'jobs-affaires--jobs-list-empty'],
      ['Load failed', 'jobs-affaires--jobs-list-failed'],
      ['At 800 px', 'jobs-affaires--jobs-list-at-800'],
    ],
  },
  'bo-job-sheet': {
    usedBy: 'The client SPA at the Affaires path + /{businessId}.',
    example: { jobId: '5' },
    states: [
      ['Sheet', 'jobs-affaires--job-sheet'],
      ['With quotes', 'jobs-affaires--job-sheet-with-quotes'],
      ['Retainage already paid', 'jobs-affaires--job-sheet-retainage-paid'],
      ['Saved by someone else first', 'jobs-affaires--job-sheet-stale-save'],
    ],
  },
  'bo-exports': {
    usedBy: "/app/enterprise/export-data (all five); the client SPA's export pages (one kind each).",
    states: [
      ['Sales journal and FEC', 'exports-export-forms--invoicing-exports'],
      ['Collected VAT', 'exports-export-forms--collected-vat'],
      ['Bank journal', 'exports-export-forms--bank-journal'],
      ['Bank journal without a bank', 'exports-export-forms--bank-journal-without-bank'],
      ['Cheque remittance slip', 'exports-export-forms--cheque-remittance'],
    ],
  },
  'bo-site-management': {
    session:
      'The company needs the scope gestion-de-chantier (every call answers 403 scope_required without it).',
    usedBy: '/app/prive/#/gestion-chantier (the subscription message instead without the scope).',
    states: [
      ['Within budget', 'gestion-chantier-budget-et-marge--within-budget'],
      ['Over budget', 'gestion-chantier-budget-et-marge--over-budget'],
      ['Weekly timesheet', 'gestion-chantier-budget-et-marge--weekly-timesheet'],
    ],
  },
  'bo-reporting': {
    usedBy: '/app/reporting, section « Chiffres et graphiques ».',
    states: [
      ['The fiscal year', 'reporting-chiffres-et-graphiques--year'],
      ['Loading', 'reporting-chiffres-et-graphiques--loading'],
      ['Empty period', 'reporting-chiffres-et-graphiques--empty-period'],
      ['Failed', 'reporting-chiffres-et-graphiques--failed'],
    ],
  },
  'bo-activity-log': {
    usedBy:
      "/app/reporting, section « Journal d'activité »; a record's history with object-type and object-id.",
    example: { objectType: 'customer', objectId: '12' },
    states: [
      ['The log', 'suivi-d-activité-journal-d-activité--log'],
      ["One object's history", 'suivi-d-activité-journal-d-activité--history'],
      ['Empty', 'suivi-d-activité-journal-d-activité--empty'],
    ],
  },
};
