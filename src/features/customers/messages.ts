import type { CustomerType, PaymentDeadlineRule } from '../../api/customers';
import { formatCount } from '../../i18n/format';
import { shellMessages } from '../../i18n/shellMessages';

/** The customers area's French words (validation sentences live in src/i18n/validationMessages). */
export const customerTypeLabels: Record<CustomerType, string> = {
  professional: 'Professionnel',
  private: 'Particulier',
};

/** The contract's names (the invoice PDF prints the same words). */
export { paymentModeLabels } from '../../contract/paymentTerms';

/** The four rule choices of spec section 5, read as sentences. */
export const deadlineRuleLabels: Record<PaymentDeadlineRule, string> = {
  days: 'Payé un nombre de jours après la facture',
  endOfMonth: 'Payé un nombre de jours après la facture, puis en fin de mois',
  dayOfMonth: 'Payé le même jour chaque mois (décalage au jour X du mois)',
  date: 'Payé à une date précise',
};

export const customerMessages = {
  listTitle: 'Gestion clients',
  newTitle: 'Nouveau client',
  sheetTitle: 'Fiche client',
  newCustomer: 'Nouveau client',
  save: 'Enregistrer le client',
  saving: 'Enregistrement…',
  saved: shellMessages.updateSuccess,
  saveFailed: shellMessages.updateError,
  codeExistsQuestion: 'Ce code client existe déjà. Modifiez-le ou conservez-le.',
  codeExistsEdit: 'Modifier le code',
  codeExistsKeep: 'Conserver ce code',
  deleteCustomer: 'Supprimer le client',
  deleteConfirmTitle: (name: string) => `Supprimer le client « ${name} » ?`,
  deleteConfirmText: (name: string) =>
    `Le client « ${name} » sera définitivement supprimé. Cette action ne peut pas être annulée.`,
  deleteConfirm: 'Supprimer définitivement',
  cancel: 'Annuler',
  deleted: 'Le client a été supprimé.',
  /** A new customer saved (issue 26: not « Les informations ont été mises à jour. »). */
  created: 'Le client a été créé.',
  /** The sheet's form, under the customer's figures and documents (issue 26). */
  detailsTitle: 'Informations du client',
  backToList: 'Retour à la liste des clients',
  /** The customer sheet's link to the new-job form (issue 21). */
  newJob: 'Nouvelle affaire',
  reloadSheet: 'Recharger la fiche',
  notFound: "Ce client n'existe pas ou plus.",
  loadFailed: "La fiche client n'a pas pu être chargée.",
  search: 'Rechercher un client',
  searchPlaceholder: 'Nom, société, email, ville, code…',
  typeFilter: 'Type de client',
  allTypes: 'Tous',
  emptyTitle: 'Aucun client pour le moment.',
  emptyText: 'Ajoutez votre premier client pour préparer devis et factures.',
  noMatchTitle: 'Aucun client ne correspond à votre recherche.',
  noMatchText: 'Modifiez la recherche ou le filtre, ou créez un nouveau client.',
  listFailed: "La liste des clients n'a pas pu être chargée.",
  retry: 'Réessayer',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  firstPage: 'Première page',
  lastPage: 'Dernière page',
  pageNumber: (page: number) => `Page ${formatCount(page)}`,
  pagination: 'Pages de la liste des clients',
  loadingPage: 'Chargement des clients…',
  pageRange: (from: number, to: number, total: number) =>
    `${formatCount(from)}–${formatCount(to)} sur ${formatCount(total)} client${total > 1 ? 's' : ''}`,
} as const;
