/**
 * What each custom element offers its page, in words: the custom-elements.json manifest is
 * generated from this (scripts/custom-elements-manifest.ts) and the definitions beside it.
 */
import {
  activityLogDefinition,
  customerSheetDefinition,
  customersListDefinition,
  type ElementDefinition,
  exportsDefinition,
  invoiceEditorDefinition,
  invoicesListDefinition,
  jobSheetDefinition,
  jobsListDefinition,
  measureGroupDefinition,
  measureGroupsDefinition,
  navBarDefinition,
  notificationBellDefinition,
  paymentsOutstandingDefinition,
  paymentsReceivedDefinition,
  preferencesFormDefinition,
  priceLibraryDefinition,
  quoteEditorDefinition,
  quotesListDefinition,
  reportingDefinition,
  shellDefinition,
  siteManagementDefinition,
} from './definitions';

export interface EventDoc {
  name: `bo-${string}`;
  description: string;
  /** TypeScript type of `event.detail`. */
  detail: string;
}

export interface ElementDoc {
  definition: ElementDefinition;
  /** The React component's export name in `bo-elements`. */
  component: string;
  summary: string;
  /** One description per prop of the definition. */
  attributes: Record<string, { description: string; default?: string }>;
  events: EventDoc[];
}

export const elementCatalog: ElementDoc[] = [
  {
    definition: shellDefinition,
    component: 'Shell',
    summary:
      "The page's shell: the toast area (top centre), the offline modal 'Tentative de connexion' and the session screens ('Vous n'êtes pas connecté !', 'Redirection en cours...'). Any other bo-* element adds one to the page when none is there.",
    attributes: {},
    events: [
      {
        name: 'bo-toast',
        description:
          "Listened for on the document (not dispatched): `document.dispatchEvent(new CustomEvent('bo-toast', {detail: {content, type, duration, single}}))` shows a toast. Types: message, success, info, alert, error.",
        detail:
          "{ content: string; type?: 'message' | 'success' | 'info' | 'alert' | 'error'; duration?: number; single?: boolean }",
      },
    ],
  },
  {
    definition: navBarDefinition,
    component: 'NavBar',
    summary:
      "The top navigation bar (54 px high): Affaires, Devis, Gestion chantier (with the scope gestion-de-chantier), Facturation, Mes applications, Base de données, Gestion clients, Suivi d'activité, Profil (right), the help link (new tab) and the notification bell. The current page's entry is marked (aria-current=\"page\"). Under 1024 px the entries collapse into one 'Menu' dropdown; `?menu=no` in the page address hides the bar. Inside the client SPA (page origin = clientOrigin) client links route in the app through the shared $router; elsewhere they load the page, invoice-edit pages through the platform's release-and-redirect page. Keyboard: WAI-ARIA menubar and menu button patterns. No attributes: it reads the page's #bo-config and the shared session.",
    attributes: {},
    events: [
      {
        name: 'bo-navigate',
        description:
          'An entry of the menu or a notification link is followed, just before the page changes (or the SPA routes). Informative: the navigation goes on.',
        detail: '{ label: string; href: string; inApp: boolean }',
      },
      {
        name: 'bo-logout',
        description: "'Se déconnecter' is chosen, just before the browser goes to the platform's /logout.",
        detail: 'Record<string, never>',
      },
      {
        name: 'bo-notifications-toggle',
        description: "The bar's notification popover opens or closes.",
        detail: '{ open: boolean }',
      },
      {
        name: 'bo-notification-read',
        description:
          'An unread notification is clicked and marked read (POST /v2/notifications/{id}/read follows).',
        detail: '{ id: number }',
      },
    ],
  },
  {
    definition: notificationBellDefinition,
    component: 'NotificationBell',
    summary:
      "The notification bell alone: the unread count (info.totalUnreads) and, on click, the notification centre in a popover (at most 70vh high): 5 notifications loaded on open, 'Afficher plus' adds 5, 'count / total', back to 5 on close, an empty message when there are none. Clicking an unread notification marks it read. Every bell of a page shares one notification store with <bo-nav-bar>'s bell.",
    attributes: {},
    events: [
      {
        name: 'bo-notifications-toggle',
        description: 'The popover opens or closes.',
        detail: '{ open: boolean }',
      },
      {
        name: 'bo-notification-read',
        description:
          'An unread notification is clicked and marked read (POST /v2/notifications/{id}/read follows).',
        detail: '{ id: number }',
      },
      {
        name: 'bo-navigate',
        description: "A notification's link or button is followed, just before the page changes.",
        detail: '{ label: string; href: string; inApp: boolean }',
      },
    ],
  },
  {
    definition: customerSheetDefinition,
    component: 'CustomerSheetElement',
    summary:
      "A customer's sheet (spec section 3): type, civility, names, company name, job, email, phones, fax, address, zip code, city, country, SIRET, VAT number (French numbers checked by their key), the accounting customer code (generated from the company's counter or typed; an existing code is flagged with the choice to edit or keep it), payment deadline and payment modes (general default or the customer's own), comments. 'Enregistrer le client' saves and shows 'Les informations ont été mises à jour.' or 'Une erreur est survenue lors de la mise à jour.'; nothing typed is lost after an error. The sheet's code is a lazy chunk, fetched when the element appears.",
    attributes: {
      customerId: {
        description: 'The id of the customer to show (digits). Without a valid id the element shows nothing.',
      },
    },
    events: [
      {
        name: 'bo-customer-deleted',
        description:
          "The customer was deleted with 'Supprimer le client' (only possible while no document uses it).",
        detail: '{ id: number }',
      },
    ],
  },
  {
    definition: invoiceEditorDefinition,
    component: 'InvoiceEditorElement',
    summary:
      "The invoice editor (spec section 4): customer, job and quote, dates, payment deadline and modes (the customer's, else the company's), the lines with their chapters (quantity, unit, unit price HT, VAT rate, line total), the progress column of a statement, and the server's totals per VAT rate, HT, TTC, retainage, payments and net to pay. Keyboard-first lines: Enter adds a line, the up and down arrows move between lines. A PROVISOIRE invoice saves itself a moment after each change ('Brouillon enregistré'); nothing typed is lost when a save is refused, and the browser asks before leaving while a change is not saved. 'Valider la facture' first shows the payment deadline and modes; 'Repasser en PROVISOIRE', 'Annuler par un avoir' and 'Supprimer le brouillon' show the server's French sentence when refused. The editor's code is a lazy chunk, fetched when the element appears.",
    attributes: {
      invoiceRefId: {
        description: 'The id of the invoice to edit (digits). Without a valid id the element shows nothing.',
      },
    },
    events: [
      {
        name: 'bo-invoice-deleted',
        description: "The draft was deleted with 'Supprimer le brouillon'.",
        detail: '{ id: number }',
      },
      {
        name: 'bo-invoice-cancelled',
        description:
          "The validated invoice was cancelled with 'Annuler par un avoir': creditNoteId is the new credit note.",
        detail: '{ id: number; creditNoteId: number }',
      },
      {
        name: 'bo-credit-note-issued',
        description:
          "A partial credit note was issued on the validated invoice with 'Créer un avoir' (admin): creditNoteId is the new credit note; the invoice stays as it is.",
        detail: '{ id: number; creditNoteId: number }',
      },
    ],
  },
  {
    definition: priceLibraryDefinition,
    component: 'PriceLibraryElement',
    summary:
      "The price library, « Base de données » (issue 22): supplies (fournitures), labour (main-d'œuvre), equipment (matériel) and composed works (ouvrages) with their code, designation, unit, déboursé sec and sale price excl. VAT, computed by the server from the company's « Coûts et prix de vente ». Search as you type (code and words, without accents or case), a kind filter, the family tree in a side panel (« Ajouter une famille »), sorts by code or designation and pages of 50 from the server. An item's sheet shows the fields of its kind; a work's composition is built by searching the library, with its déboursé sec and sale price live (the server's own rule). Saves are versioned (a stale save says so in French and keeps what was typed); « Supprimer l'élément » asks first and says when a work still uses the item. « Importer » opens the supplier price list import. The screen's code is a lazy chunk, fetched when the element appears. No attributes: it reads the page's #bo-config and the shared session.",
    attributes: {},
    events: [],
  },
  {
    definition: quotesListDefinition,
    component: 'QuotesListElement',
    summary:
      "The company's quotes (devis), newest first: number (with its revision letter), object, customer, job, date, validity, status (Brouillon, Envoyé, Accepté, Refusé, Expiré) and totals HT/TTC; a search (number, object, customer), a status filter and pages of 50 from the server. « Nouveau devis » asks for the job (searched by its name or customer) and the object, creates the draft (numbered DE-YYYY-NNNNN, valid for the company's « Durée de validité des devis ») and opens it. The list's code is a lazy chunk, fetched when the element appears. No attributes: it reads the page's #bo-config and the shared session.",
    attributes: {},
    events: [
      {
        name: 'bo-quote-open',
        description:
          "A quote is chosen in the list, or a new draft was created with « Nouveau devis »: the page opens `<bo-quote-editor quote-id>` where it wants (the platform's « Devis » page shows it in place of the list).",
        detail: '{ id: number }',
      },
    ],
  },
  {
    definition: quoteEditorDefinition,
    component: 'QuoteEditorElement',
    summary:
      "The quote editor (issue 21): object, date, validity (« Valable jusqu'au »), estimated start and duration, payment terms, « Devis gratuit » or the quote's fee, a global discount and the deposit asked at signature (%); the content as chapters (lots) and sub-chapters with their subtotals, priced lines (designation, quantity, unit, unit price HT, VAT rate from the company's rates), text lines and options (« Option »: shown with their amount, never in the total). Keyboard-first: Enter adds a line, the up and down arrows change line, Alt + up or down moves the line; buttons add lines, options, texts, chapters and sub-chapters. The totals per VAT rate, HT, TVA, TTC, options and deposit follow each keystroke (the server's own rule, shared). A draft saves itself a moment after each change ('Brouillon enregistré'); nothing typed is lost when a save is refused or someone else saved first. A sent, expired or refused quote is read-only with « Modifier » (a new revision, -B, -C…); an accepted quote is frozen. « Dupliquer » copies it into a new draft; the revisions of its number are listed and open in place. The send dialog, the customer's answer and « Facturer » appear as the server allows. The editor's code is a lazy chunk, fetched when the element appears.",
    attributes: {
      quoteId: {
        description: 'The id of the quote to edit (digits). Without a valid id the element shows nothing.',
      },
    },
    events: [
      {
        name: 'bo-quote-opened',
        description:
          'Another quote was opened in the element: the new revision made by « Modifier », the copy made by « Dupliquer », or a revision chosen in the list. The page may update its address.',
        detail: '{ id: number; previousId: number }',
      },
    ],
  },
  {
    definition: measureGroupsDefinition,
    component: 'MeasureGroupsElement',
    summary:
      "An application's measure groups (« Mes applications », issue 23): name (a link to the group's page), job, measure count, totals per kind (m, m², m³, u) and the date of the last change, newest first (the date header sorts), a search by name, a job filter (searched by its name or customer) and pages of 25 from the server. « Nouveau groupe de mesures » asks for a name and, if wanted, the job. The list's code is a lazy chunk, fetched when the element appears.",
    attributes: {
      application: {
        description:
          'The application whose groups are listed: `pix4d` or `sema`. Any other value shows nothing.',
      },
    },
    events: [
      {
        name: 'bo-measure-group-created',
        description:
          'A group was created with « Nouveau groupe de mesures »: the page may open `<bo-measure-group group-id>` where it wants.',
        detail: "{ id: number; application: 'pix4d' | 'sema' }",
      },
    ],
  },
  {
    definition: measureGroupDefinition,
    component: 'MeasureGroupElement',
    summary:
      "A measure group (issue 23): its name and job (a versioned form: a save after someone else's says so in French and keeps what was typed), its measures (name, kind, value in French with its unit, note) and totals per kind, the job it belongs to and the quotes that use it (links), « Importer un fichier » (a Pix4D GeoJSON/CSV export or a SEMA quantity list, chosen or dropped, with the upload's progress; a refused file lists the server's French reasons and nothing is stored) and its latest events (created, measures added, changed or removed with their values before and after, file imported or refused, job changed, renamed, used in a quote). The group's code is a lazy chunk, fetched when the element appears.",
    attributes: {
      groupId: {
        description:
          'The id of the measure group to show (digits). Without a valid id the element shows nothing.',
      },
    },
    events: [],
  },
  // Issue 25: the areas the SPA shows, as elements. Each is the SPA's own screen (one
  // implementation, two hosts) and a lazy chunk, fetched when its tag is on the page.
  {
    definition: paymentsOutstandingDefinition,
    component: 'PaymentsOutstandingElement',
    summary:
      "« Règlements en attente »: what the company's customers still owe, invoice by invoice (retainage on its own line), with a search, filters, sorts, the totals of the filtered rows and pages from the server. Rows are checked with their checkbox (or the page's); the batch bar says how many rows and what total are selected, and « Régler la sélection » records their payments in one dialog (date, mode, bank, amounts). A link leads to « Règlements reçus ». Its links go where the menu's go: inside the client SPA they route in the app, on another page they load the client's page (an invoice's editor through the platform's release-and-redirect page). No attributes: it reads the page's #bo-config and the shared session.",
    attributes: {},
    events: [
      {
        name: 'bo-payments-recorded',
        description:
          'A payment run of « Régler la sélection » recorded payments: count is how many rows it settled.',
        detail: '{ count: number }',
      },
    ],
  },
  {
    definition: paymentsReceivedDefinition,
    component: 'PaymentsReceivedElement',
    summary:
      "« Règlements reçus »: the payments recorded, with a search, filters, sorts, totals and pages from the server. Checked rows show their count and total in the batch bar; « Supprimer la sélection » (admins; inert with its reason for others) deletes them after a confirmation. Its links go where the menu's go: inside the client SPA they route in the app, on another page they load the client's page (an invoice's editor through the platform's release-and-redirect page). No attributes.",
    attributes: {},
    events: [
      {
        name: 'bo-payments-deleted',
        description: '« Supprimer la sélection » deleted payments: count is how many.',
        detail: '{ count: number }',
      },
    ],
  },
  {
    definition: preferencesFormDefinition,
    component: 'PreferencesFormElement',
    summary:
      "One settings screen of the preferences, chosen by `page` (one element for the fourteen screens, without the SPA's side menu: the platform page has its own): mon-compte, infos-entreprise, gestion-utilisateurs, gestion-tva, clients, gestion-facture, document-facture, document-devis, documents-general, documents/formats, documents/conditions-generales-de-vente, couts-et-prix, gestion-comptabilite, comptabilite/gestion-banques. Each form saves with its own button and says so in a toast; nothing typed is lost when a save is refused.",
    attributes: {
      page: {
        description:
          'The settings screen: its path under /preferences, with or without the `/preferences/` prefix (`gestion-tva` or `/preferences/gestion-tva`). Any other value shows nothing.',
      },
    },
    events: [],
  },
  {
    definition: customersListDefinition,
    component: 'CustomersListElement',
    summary:
      "« Gestion clients »: the company's customers with a search, a type filter, sorts and pages from the server; a row opens the customer's sheet. Its links go where the menu's go: inside the client SPA they route in the app, on another page they load the client's page (an invoice's editor through the platform's release-and-redirect page). No attributes.",
    attributes: {},
    events: [],
  },
  {
    definition: invoicesListDefinition,
    component: 'InvoicesListElement',
    summary:
      "« Mes factures »: the company's invoices and credit notes with a search, filters, sorts, the totals of the filtered rows and pages from the server; an invoice's link opens its editor. The platform page's address is left alone. Its links go where the menu's go: inside the client SPA they route in the app, on another page they load the client's page (an invoice's editor through the platform's release-and-redirect page). No attributes.",
    attributes: {},
    events: [],
  },
  {
    definition: jobsListDefinition,
    component: 'JobsListElement',
    summary:
      "The Affaires list: the company's jobs with a search and pages from the server; a job's link opens its sheet. Its search and page stay in the element (the platform page's address is left alone). Its links go where the menu's go: inside the client SPA they route in the app, on another page they load the client's page (an invoice's editor through the platform's release-and-redirect page). No attributes.",
    attributes: {},
    events: [],
  },
  {
    definition: jobSheetDefinition,
    component: 'JobSheetElement',
    summary:
      "A job's sheet (affaire): its fields (a versioned form: a stale save says so in French and keeps what was typed), its quotes (« Nouveau devis » creates one and opens it), invoices, payments, reception date and retainage. Its links go where the menu's go: inside the client SPA they route in the app, on another page they load the client's page (an invoice's editor through the platform's release-and-redirect page).",
    attributes: {
      jobId: {
        description: 'The id of the job to show (digits). Without a valid id the element shows nothing.',
      },
    },
    events: [],
  },
  {
    definition: exportsDefinition,
    component: 'ExportsElement',
    summary:
      "The five accounting exports, each a period form that downloads its file: the bank journal (per bank), the cheque remittance slip (cheques chosen in a list), the collected VAT, the sales journal and the FEC (pipe or tab). A period is checked here first, then the server's French answer is shown. `kind` shows one of them only.",
    attributes: {
      kind: {
        description:
          'One export only: `bank-journal`, `cheque-remittance`, `collected-vat` or `invoicing` (the sales journal and the FEC). Without it, all five; any other value shows nothing.',
      },
    },
    events: [],
  },
  {
    definition: siteManagementDefinition,
    component: 'SiteManagementElement',
    summary:
      "« Gestion chantier » (issue 24, only for a company with the scope gestion-de-chantier: otherwise every call answers 403 scope_required): a job chosen by its name or customer, then its budget against actual (the accepted quote's sale price and déboursé sec, labour at each entry's hourly cost, purchases excluding VAT, what is left of the budget and the margin as it stands), its planning (start and end dates, the team), a weekly timesheet quick to fill on a phone (hours per person and day, « 7,5 » or « 7:30 »), and its purchases: a list, a supplier invoice typed by hand (HT + TVA = TTC), or a supplier's Factur-X PDF, CII or UBL file whose supplier, number, date and amounts are shown as read before they are saved (the file kept, downloadable from the list); the progress per chapter of the accepted quote entered on site (each field from the last progress, arrow keys by 5 %; the next progress statement proposes it; someone else's save meanwhile keeps what was typed), and for an admin each person's hourly cost. The screen's code is a lazy chunk, fetched when the element appears. No attributes.",
    attributes: {},
    events: [],
  },
  {
    definition: reportingDefinition,
    component: 'ReportingElement',
    summary:
      "The figures and charts of « Suivi d'activité » (issue 24): a period (the current month or quarter, the fiscal year of the « Comptabilité » settings, or two typed days) compared with the previous period of the same length; invoiced HT and TTC net of credit notes, received, left to collect and overdue (the totals of Mes factures and of the payments lists), collected VAT (the export's) and days sales outstanding; charts of invoiced and received per month, aged receivables (retainages apart), quotes sent, accepted and refused with the conversion rate, top customers and the margin planned per job. Each chart has its figures as a table and a CSV download of what is shown. The chart library (uPlot) is in the element's lazy chunk only. No attributes.",
    attributes: {},
    events: [],
  },
  {
    definition: activityLogDefinition,
    component: 'ActivityLogElement',
    summary:
      "The company's activity log (« Suivi d'activité », issue 24): every business change, newest first, with its date and time (Paris), who made it (« Système » for the system or a connected application), its kind and its French sentence, a link to its object (customer, job, quote, invoice, payment, bank, VAT rate, settings, user). Filters: user, kind, object type and a period of two days; pages of 50 from the server; « Télécharger (CSV) » downloads what the filters select. The log is append-only: nothing here changes it. The list's code is a lazy chunk, fetched when the element appears.",
    attributes: {
      objectType: {
        description:
          "With `object-id`: only this object's history (`customer`, `business_job`, `quote`, `invoice`, `payment`, `bank`, `vat_rate`, `settings`, `user`), and no object filter shown. Any other value shows the whole log.",
      },
      objectId: {
        description: 'The id of the object whose history is shown (digits), with `object-type`.',
      },
    },
    events: [],
  },
];
