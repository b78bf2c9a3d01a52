import type { PaymentDeadline } from '../../api/customers';
import type { InvoiceKind, InvoiceStatus } from '../../api/invoices';
import { formatCount, formatIsoDate } from '../../i18n/format';

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

export function deadlineText(deadline: PaymentDeadline): string {
  const { rule, value } = deadline;
  if (rule === 'days') return `${value} jours`;
  if (rule === 'endOfMonth') return `${value} jours fin de mois`;
  if (rule === 'dayOfMonth') return `le ${value} du mois suivant`;
  return `le ${typeof value === 'string' ? formatIsoDate(value) : value}`;
}

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
  clearFilters: 'Effacer les filtres',
  listFailed: "La liste des factures n'a pas pu être chargée.",
  retry: 'Réessayer',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  pageRange: (first: number, last: number, total: number) =>
    `${formatCount(first)}–${formatCount(last)} sur ${formatCount(total)}`,
  selectionTotals: (count: number) =>
    count === 1 ? '1 facture sélectionnée' : `${formatCount(count)} factures sélectionnées`,
  filterTotals: (count: number) =>
    count === 1
      ? 'Total de la sélection (1 facture)'
      : `Total de la sélection (${formatCount(count)} factures)`,
  selectRow: (name: string) => `Sélectionner ${name}`,
  selectPage: 'Sélectionner toutes les factures de la page',
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
  editorTitle: (kind: InvoiceKind, number: string | null) =>
    `${invoiceKindLabels[kind]} ${number ?? 'PROVISOIRE'}`,
  notFound: "Cette facture n'existe pas ou plus.",
  loadFailed: "La facture n'a pas pu être chargée.",
  backToList: 'Retour à Mes factures',
  customer: 'Client',
  job: 'Affaire',
  quote: 'Devis',
  date: 'Date de facture',
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
  reverted: 'La facture est repassée en PROVISOIRE.',
  validated: (number: string | null) => `La facture ${number ?? ''} est validée.`.replace('  ', ' '),
  cancelInvoice: 'Annuler par un avoir',
  cancelTitle: 'Annuler cette facture par un avoir ?',
  cancelText: 'Un avoir du même montant sera créé. Seule la dernière facture du devis peut être annulée.',
  cancelConfirm: "Créer l'avoir",
  cancelled: "La facture est annulée : voici l'avoir.",
  deleteInvoice: 'Supprimer le brouillon',
  deleteTitle: 'Supprimer ce brouillon ?',
  deleteText: 'Le brouillon de facture sera définitivement supprimé.',
  deleteConfirm: 'Supprimer définitivement',
  deleted: 'Le brouillon a été supprimé.',
  close: 'Annuler',
  creditNoteOf: 'Avoir de la facture',
  cancelledBy: 'Annulée par l’avoir',
  openInvoice: 'Ouvrir',
} as const;
