import type { quoteStatuses } from '../../api/quotes';
import { shellMessages } from '../../i18n/shellMessages';
import { formatDecimal, PERCENT_SCALE } from '../invoices/editor/invoiceDraft';

/** The Affaires area's French words. */
export const quoteStatusLabels: Record<(typeof quoteStatuses)[number], string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  refused: 'Refusé',
};

export const jobMessages = {
  listTitle: 'Affaires',
  myJobsTitle: 'Mes affaires',
  sheetTitle: 'Affaire',
  search: 'Rechercher une affaire',
  searchPlaceholder: 'Nom, client, adresse du chantier…',
  empty: 'Aucune affaire pour le moment.',
  noMatch: 'Aucune affaire ne correspond à votre recherche.',
  emptyText: 'Une affaire naît d’un devis : préparez-le dans Élaboration des devis.',
  listFailed: "La liste des affaires n'a pas pu être chargée.",
  retry: 'Réessayer',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  name: 'Affaire',
  customer: 'Client',
  site: 'Chantier',
  deliveryDate: 'Date de réception des travaux',
  saveDeliveryDate: 'Enregistrer la date de réception',
  retainageRate: 'Retenue de garantie',
  percent: (basisPoints: number) => `${formatDecimal(basisPoints, PERCENT_SCALE)} %`,
  notFound: "Cette affaire n'existe pas ou plus.",
  loadFailed: "L'affaire n'a pas pu être chargée.",
  backToList: 'Retour aux affaires',
  summary: 'Montants de l’affaire',
  quoted: 'Devisé',
  invoiced: 'Facturé',
  paid: 'Règlements reçus',
  remaining: 'Reste à encaisser',
  retainage: (basisPoints: number) => `Retenue de garantie (${formatDecimal(basisPoints, PERCENT_SCALE)} %)`,
  retainagePaid: 'Retenue de garantie réglée',
  retainageRelease: 'Restitution de la retenue',
  noDeliveryYet: 'après la réception des travaux',
  quotes: 'Devis',
  quoteTitle: 'Objet',
  invoicedShort: 'Facturé HT',
  noQuotes: 'Aucun devis pour cette affaire.',
  invoices: 'Factures',
  noInvoices: 'Aucune facture pour cette affaire.',
  saved: shellMessages.updateSuccess,
  stale:
    'Cette affaire a été modifiée ailleurs depuis son ouverture. Rechargez la page pour repartir de la version enregistrée.',
} as const;
