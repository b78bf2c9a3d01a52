import type { InvoiceKind, InvoiceStatus } from '../../api/invoices';
import { formatCount } from '../../i18n/format';
import { lengthMessages } from '../../i18n/validationMessages';

/** The invoicing area's French words (server error sentences live in src/i18n/serverErrors). */
export const invoiceKindLabels: Record<InvoiceKind, string> = {
  deposit: "Facture d'acompte",
  progress: 'Situation de travaux',
  final: 'Facture finale',
  simple: 'Facture',
  credit_note: 'Avoir',
};

/** The status chip's word: PROVISOIRE, validée, en retard (validated and past due), annulée. */
export type InvoiceChipStatus = InvoiceStatus | 'overdue' | 'cancelled';
export const invoiceStatusLabels: Record<InvoiceChipStatus, string> = {
  PROVISOIRE: 'PROVISOIRE',
  VALIDATED: 'validée',
  overdue: 'en retard',
  cancelled: 'annulée',
};

/** The words of a credit note (un avoir: masculine), where they differ from an invoice's. */
const creditNoteStatusLabels: Partial<Record<InvoiceChipStatus, string>> = {
  VALIDATED: 'validé',
  cancelled: 'annulé',
};

/** The status word agreeing with the document: « Facture … validée », « Avoir … validé ». */
export const statusLabel = (status: InvoiceChipStatus, kind?: InvoiceKind): string =>
  (kind === 'credit_note' ? creditNoteStatusLabels[status] : undefined) ?? invoiceStatusLabels[status];

export const invoiceMessages = {
  homeTitle: 'Facturation',
  homeFailed: "Le tableau de bord de la facturation n'a pas pu être chargé.",
  monthTitle: 'Ce mois-ci',
  monthInvoicedExclTax: 'Facturé HT',
  monthInvoicedInclTax: 'Facturé TTC',
  monthOutstanding: 'Reste à encaisser',
  monthLink: (count: number) =>
    count === 1
      ? 'Voir la facture validée ce mois-ci'
      : `Voir les ${formatCount(count)} factures validées ce mois-ci`,
  toInvoiceTitle: 'À facturer',
  toInvoiceEmpty: 'Aucun devis accepté ne reste à facturer.',
  invoiceQuote: (number: string) => `Facturer le devis ${number}`,
  remainingExclTax: (amount: string) => `reste ${amount} HT`,
  draftsTitle: (count: number) => `Brouillons (${formatCount(count)})`,
  draftsEmpty: 'Aucune facture PROVISOIRE.',
  allDrafts: 'Voir tous les brouillons',
  overdueTitle: (count: number) => `En retard (${formatCount(count)})`,
  overdueEmpty: 'Aucune facture en retard de paiement.',
  overdueTotal: (amount: string) => `${amount} restent dus après échéance.`,
  allOverdue: (count: string) => `Voir les ${count} factures en retard`,
  listTitle: 'Mes factures',
  percent: 'Ce champ doit être un pourcentage entre 0 et 100.',
  newSimpleInvoice: 'Nouvelle facture',
  search: 'Rechercher une facture',
  searchPlaceholder: 'Numéro, client, affaire, titre…',
  statusFilter: 'Statut',
  kindFilter: 'Type',
  fromFilter: 'Du',
  toFilter: 'Au',
  all: 'Tous',
  emptyTitle: 'Aucune facture pour le moment.',
  emptyText: 'Créez une facture simple, ou facturez un devis accepté depuis la page Facturation.',
  noMatchTitle: 'Aucune facture ne correspond à votre recherche.',
  noMatchText: 'Modifiez la recherche ou les filtres.',
  listFailed: "La liste des factures n'a pas pu être chargée.",
  retry: 'Réessayer',
  selectionTotals: (count: number) =>
    count === 1 ? '1 facture sélectionnée' : `${formatCount(count)} factures sélectionnées`,
  filterTotals: (count: number) =>
    count === 1
      ? 'Total de la sélection (1 facture)'
      : `Total de la sélection (${formatCount(count)} factures)`,
  selectRow: (name: string) => `Sélectionner ${name}`,
  selectPage: 'Sélectionner toutes les factures de la page',
  pagination: 'Pages de la liste des factures',
  draftName: (id: number) => `Brouillon n° ${id}`,
  // Creating invoices
  newFromQuoteTitle: 'Nouvelle facture depuis un devis',
  quoteNotFound: "Ce devis n'existe pas ou plus.",
  quoteLoadFailed: "Le devis n'a pas pu être chargé.",
  backToQuotes: 'Revenir à l’élaboration des devis',
  backToHome: 'Retour à la facturation',
  quoteTotal: 'Total du devis',
  quoteInvoiced: 'Déjà facturé',
  openDraft: 'Ouvrir la facture PROVISOIRE',
  whatToInvoice: 'Que facturer ?',
  createInvoice: (kind: string) => `Créer : ${kind}`,
  simpleTitle: 'Facturation simple',
  simpleText: 'Une facture sans devis : choisissez le client et la première ligne, puis complétez-la.',
  customerSearch: 'Rechercher un client',
  chooseCustomer: 'Choisir un client',
  noJob: 'Sans affaire',
  firstLine: 'Désignation de la première ligne',
  createSimple: 'Créer la facture',
  editEntryTitle: 'Modifier une facture',
  editEntryText: 'Reprenez un brouillon, ou ouvrez une facture depuis Mes factures.',
  // The editor
  /** Without a number, the kind alone: the status chip beside it says PROVISOIRE (issue 26, not twice). */
  editorTitle: (kind: InvoiceKind, number: string | null) =>
    number ? `${invoiceKindLabels[kind]} ${number}` : invoiceKindLabels[kind],
  /** Its number and kind are not known yet. */
  loadingTitle: 'Facture',
  notFound: "Cette facture n'existe pas ou plus.",
  loadFailed: "La facture n'a pas pu être chargée.",
  backToList: 'Retour à Mes factures',
  customer: 'Client',
  job: 'Affaire',
  quote: 'Devis',
  date: 'Date de facture',
  worksDate: "Date d'exécution des travaux",
  worksDateHint: 'Si les travaux ont été achevés à une autre date que celle de la facture.',
  dueDate: "Date d'échéance",
  deadline: 'Délai de paiement',
  modes: 'Modes de paiement',
  title: 'Objet',
  depositPercent: 'Part du devis facturée (%)',
  lines: 'Lignes de la facture',
  chapter: 'Chapitre',
  designation: 'Désignation',
  quantity: 'Quantité',
  unit: 'Unité',
  unitPrice: 'Prix unitaire HT',
  vatRate: 'TVA',
  lineTotal: 'Total HT',
  progress: 'Avancement cumulé (%)',
  progressAll: 'Avancement de toutes les lignes (%)',
  applyProgress: 'Appliquer',
  addLine: 'Ajouter une ligne',
  addChapter: 'Ajouter un chapitre',
  removeRow: (label: string) => `Supprimer « ${label || 'ligne sans désignation'} »`,
  keyboardHint: 'Entrée ajoute une ligne, les flèches haut et bas changent de ligne.',
  noLines: 'Aucune ligne : ajoutez la première ligne de la facture.',
  totals: 'Totaux',
  totalExclTax: 'Total HT',
  vatAt: (rate: string) => `TVA ${rate}`,
  baseAt: (rate: string) => `Base HT ${rate}`,
  totalInclTax: 'Total TTC',
  retainage: 'Retenue de garantie',
  paid: 'Déjà réglé',
  balance: 'Net à payer',
  saved: 'Brouillon enregistré',
  saving: 'Enregistrement…',
  unsaved: 'Modifications non enregistrées',
  invalid: 'Corrigez les valeurs signalées : elles ne sont pas encore enregistrées.',
  saveFailed: "Le brouillon n'a pas pu être enregistré. Vos saisies sont conservées.",
  retrySave: "Réessayer l'enregistrement",
  stale:
    'Cette facture a été modifiée ailleurs depuis son ouverture. Vos saisies sont conservées : rechargez la facture pour repartir de la version enregistrée.',
  reload: 'Recharger la facture',
  locked:
    'Cette facture est en cours de modification dans une autre de vos sessions : elle est en lecture seule ici.',
  validate: 'Valider la facture',
  validateTitle: 'Valider la facture ?',
  validateText: 'Une facture validée reçoit son numéro et ne peut plus être modifiée.',
  validateConfirm: 'Valider définitivement',
  revert: 'Repasser en PROVISOIRE',
  revertTitle: 'Repasser la facture en PROVISOIRE ?',
  revertText: (number: string | null) =>
    `La facture ${number ?? ''} redeviendra PROVISOIRE pour être corrigée puis validée de nouveau. Elle garde son numéro, et la version validée est conservée.`.replace(
      '  ',
      ' ',
    ),
  revertReason: 'Motif',
  revertReasonHint: 'Pourquoi la facture doit être corrigée : le motif est conservé avec la version validée.',
  revertReasonRequired: 'Indiquez le motif du retour en PROVISOIRE.',
  revertConfirm: 'Repasser en PROVISOIRE',
  reverted: 'La facture est repassée en PROVISOIRE.',
  /** A credit note is masculine (un avoir validé), an invoice feminine (une facture validée). */
  validated: (number: string | null, kind: InvoiceKind = 'simple') =>
    (kind === 'credit_note'
      ? `Avoir ${number ?? ''} validé.`
      : `La facture ${number ?? ''} est validée.`
    ).replace('  ', ' '),
  cancelInvoice: 'Annuler par un avoir',
  cancelTitle: 'Annuler cette facture par un avoir ?',
  cancelText: (amount: string, number: string | null) =>
    `Un avoir de ${amount} TTC sera émis et validé (moins les avoirs partiels déjà émis sur elle) : il annule la facture ${number ?? ''} en entier, qui n'aura plus rien à payer. Seule la dernière facture d'un devis peut être annulée.`.replace(
      '  ',
      ' ',
    ),
  cancelConfirm: "Émettre l'avoir",
  // Beside the question « Annuler cette facture… ? », « Annuler » would read as its answer (issue 26).
  cancelDismiss: 'Garder la facture',
  cancelled: "La facture est annulée : voici l'avoir.",
  // A partial credit note
  createCreditNote: 'Créer un avoir',
  creditNoteTitle: (number: string | null) => `Créer un avoir sur la facture ${number ?? ''}`.trim(),
  creditNoteText:
    'Un avoir partiel, validé dès son émission : un geste commercial ou une correction. Pour annuler toute la facture, utilisez « Annuler par un avoir ».',
  creditNoteContent: "Contenu de l'avoir",
  creditNoteGesture: 'Geste commercial',
  creditNoteLines: 'Lignes détaillées',
  creditNoteAmountExclTax: 'Montant HT',
  creditNoteLine: (n: number) => `ligne ${n}`,
  creditNoteAddLine: 'Ajouter une ligne',
  creditNoteRemoveLine: (n: number) => `Supprimer la ligne ${n}`,
  creditNoteAmount: "Montant de l'avoir",
  creditNoteTotals: "Totaux de l'avoir",
  creditNoteConfirm: (amount: string) => `Émettre l'avoir de ${amount} TTC`,
  creditNoteEmpty: "Saisissez un montant : l'avoir ne peut pas être nul.",
  positive: 'Ce montant doit être supérieur à zéro.',
  // Characters the PDF fonts have no glyph for (src/contract/printable.ts).
  unprintable: (characters: readonly string[]) =>
    `Ces caractères ne peuvent pas être imprimés dans le PDF : ${characters.map((c) => `« ${c} »`).join(', ')}.`,
  unprintableHint:
    "Ils apparaîtront remplacés par un signe. Corrigez le client, l'objet ou les lignes avant de valider.",
  deleteInvoice: 'Supprimer le brouillon',
  deleteTitle: 'Supprimer ce brouillon ?',
  deleteText: 'Le brouillon de facture sera définitivement supprimé.',
  deleteConfirm: 'Supprimer définitivement',
  deleted: 'Le brouillon a été supprimé.',
  close: 'Annuler',
  tooLong: lengthMessages.tooLong,
  atMaxLength: lengthMessages.atMaxLength,
  reverseCharge: 'Autoliquidation',
  reverseChargeField: 'Autoliquidation (sous-traitance)',
  reverseChargeHint:
    "Sans TVA : la TVA est due par l'entreprise cliente. La facture porte la mention « Autoliquidation ».",
  vat: 'TVA',
  creditNoteOf: 'Avoir de la facture',
  cancelledBy: 'Annulée par l’avoir',
  openInvoice: 'Ouvrir',
} as const;
