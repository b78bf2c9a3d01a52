import type { QuoteStatus } from '../../../api/quotes';
import { formatCount } from '../../../i18n/format';

/** A quote's status as the lists and the editor show it (masculine: « un devis »). */
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  refused: 'Refusé',
  expired: 'Expiré',
};

/** The quotes list's French words, and « Nouveau devis ». */
export const quotesListMessages = {
  /** The SPA's way back from a quote to the list (/affaires/devis). */
  allQuotes: 'Tous les devis',
  breadcrumb: "Fil d'Ariane",
  title: 'Devis',
  newQuote: 'Nouveau devis',
  search: 'Rechercher un devis',
  searchPlaceholder: 'Numéro, objet, client…',
  statusFilter: 'Statut',
  listFailed: "La liste des devis n'a pas pu être chargée.",
  emptyTitle: 'Aucun devis pour le moment.',
  emptyText: 'Créez un devis pour une affaire : il se facture une fois accepté par le client.',
  noMatchTitle: 'Aucun devis ne correspond à ces filtres.',
  noMatchText: 'Changez la recherche ou le statut, ou effacez les filtres.',
  open: (number: string) => `Ouvrir le devis ${number}`,
  pagerLabel: 'Pages de la liste des devis',
  hits: (count: number) => (count === 1 ? '1 devis' : `${formatCount(count)} devis`),
  columns: {
    number: 'N°',
    title: 'Objet',
    customer: 'Client',
    job: 'Affaire',
    date: 'Date',
    validUntil: "Valable jusqu'au",
    status: 'Statut',
    totalExclTax: 'Total HT',
    totalInclTax: 'Total TTC',
  },
  // « Nouveau devis »
  newTitle: 'Nouveau devis',
  job: 'Affaire',
  jobPlaceholder: "Nom de l'affaire ou du client…",
  jobSearching: 'Recherche…',
  jobNoMatch: 'Aucune affaire ne correspond.',
  quoteTitle: 'Objet du devis',
  quoteTitleHint: 'Par exemple : Rénovation de la salle de bains',
  create: 'Créer le devis',
  cancel: 'Annuler',
  created: (number: string) => `Devis ${number} créé.`,
  backToList: 'Retour aux devis',
} as const;
