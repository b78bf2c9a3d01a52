import { formatCents, formatCount } from '../../i18n/format';

/** The payments area's French words (server sentences: src/i18n/serverErrors.ts). */
export const paymentMessages = {
  outstandingTitle: 'Règlements en attente',
  receivedTitle: 'Règlements reçus',
  toReceived: 'Voir les règlements reçus',
  toOutstanding: 'Voir les règlements en attente',
  search: 'Rechercher',
  searchPlaceholder: 'N° de facture, client, affaire…',
  customer: 'Client',
  job: 'Affaire',
  from: 'Du',
  to: 'Au',
  mode: 'Mode de règlement',
  bank: 'Banque',
  overdue: 'Échéance',
  overdueOnly: 'En retard',
  notOverdue: 'Pas en retard',
  loading: 'Chargement des règlements',
  listFailed: "La liste des règlements n'a pas pu être chargée.",
  emptyOutstanding: 'Aucun règlement en attente',
  emptyOutstandingText: 'Les factures validées qui restent à régler apparaîtront ici.',
  emptyReceived: 'Aucun règlement reçu',
  emptyReceivedText:
    'Réglez des factures depuis les règlements en attente : les règlements apparaîtront ici.',
  noMatch: 'Aucun règlement ne correspond à ces filtres',
  filterTotals: (hits: number, totalCents: number) =>
    `${formatCount(hits)} ${hits > 1 ? 'règlements' : 'règlement'} · total ${formatCents(totalCents)}`,
  selection: (count: number, totalCents: number) =>
    `${formatCount(count)} ${count > 1 ? 'règlements sélectionnés' : 'règlement sélectionné'} · total ${formatCents(totalCents)}`,
  // The outstanding list's rows are invoices (or their retainage) still owed, not payments (issue 26).
  outstandingTotals: (hits: number, totalCents: number) =>
    `${formatCount(hits)} ${hits > 1 ? 'factures' : 'facture'} · total ${formatCents(totalCents)}`,
  outstandingSelection: (count: number, totalCents: number) =>
    `${formatCount(count)} ${count > 1 ? 'factures sélectionnées' : 'facture sélectionnée'} · total ${formatCents(totalCents)}`,
  outstandingNoMatch: 'Aucune facture ne correspond à ces filtres',
  clearSelection: 'Tout désélectionner',
  pagination: 'Pages de la liste des règlements',
  paySelected: 'Régler la sélection',
  deleteSelected: 'Supprimer la sélection',
  retainage: 'Retenue de garantie',
  invoiceName: (number: string | null, invoiceId: number) => number ?? `Facture n° ${invoiceId}`,
  selectOutstanding: (name: string, retainage: boolean) =>
    `Sélectionner ${retainage ? 'la retenue de garantie de ' : ''}${name}`,
  selectReceived: (name: string, date: string) => `Sélectionner le règlement de ${name} du ${date}`,
  // Pay dialog
  payTitle: (count: number) => `Régler ${count > 1 ? `${formatCount(count)} factures` : 'une facture'}`,
  paidOn: 'Date de règlement',
  comment: 'Commentaire',
  chequeNumber: 'N° de chèque',
  drawer: 'Tireur',
  noBank: 'Aucune banque',
  amount: 'Montant réglé TTC',
  amountFor: (name: string) => `Montant pour ${name}`,
  full: 'Totalité',
  partial: 'Partiel',
  remaining: (cents: number) => `Reste dû ${formatCents(cents)}`,
  beforeIssuanceYes: "Oui, reçu avant l'émission",
  beforeIssuanceNo: 'Non, corriger la date',
  confirmPay: (count: number) =>
    `Enregistrer ${count > 1 ? `les ${formatCount(count)} règlements` : 'le règlement'}`,
  cancel: 'Annuler',
  paying: (count: number) =>
    `Enregistrement ${count > 1 ? `des ${formatCount(count)} règlements` : 'du règlement'} en cours…`,
  paidToast: (count: number) =>
    `${formatCount(count)} ${count > 1 ? 'règlements enregistrés' : 'règlement enregistré'}.`,
  // Delete
  deleteTitle: (count: number) =>
    `Supprimer ${count > 1 ? `${formatCount(count)} règlements` : 'un règlement'}`,
  deleteText: (count: number, totalCents: number) =>
    `${count > 1 ? 'Ces règlements seront supprimés' : 'Ce règlement sera supprimé'} (total ${formatCents(totalCents)}) et les factures redeviendront à régler d'autant. Cette action est définitive.`,
  confirmDelete: (count: number) => (count > 1 ? 'Supprimer les règlements' : 'Supprimer le règlement'),
  deleting: (count: number) =>
    `Suppression ${count > 1 ? `des ${formatCount(count)} règlements` : 'du règlement'} en cours…`,
  deletedToast: (count: number) =>
    `${formatCount(count)} ${count > 1 ? 'règlements supprimés' : 'règlement supprimé'}.`,
  failedRow: (name: string, reason: string) => `${name} : ${reason}`,
} as const;
