import { formatDecimal } from '../../contract/format';

/** The export screens' French words. */
export const exportMessages = {
  bankJournal: {
    title: 'Export du journal de banque',
    intro:
      'Les règlements reçus sur la banque choisie pendant la période : chaque règlement débite le compte de la banque et crédite le compte client.',
    submit: 'Télécharger le journal de banque (CSV)',
  },
  chequeRemittance: {
    title: 'Export du bordereau de remise de chèques',
    intro:
      'Choisissez les chèques reçus à remettre à la banque : le bordereau donne pour chacun le tireur, le numéro et le montant, puis le nombre et le total.',
    submit: 'Télécharger le bordereau',
    cheques: 'Chèques reçus',
    none: 'Aucun chèque reçu sur cette banque pendant la période.',
    loading: 'Chargement des chèques…',
    selectAll: 'Tout sélectionner',
    select: (label: string) => `Sélectionner le chèque ${label}`,
    selected: (count: number, total: string) =>
      count === 0
        ? 'Aucun chèque sélectionné.'
        : `${count} chèque${count > 1 ? 's' : ''} sélectionné${count > 1 ? 's' : ''} : ${total}`,
    noneSelected: 'Sélectionnez au moins un chèque.',
    more: (shown: number, hits: number) =>
      `Les ${shown} chèques les plus récents sur ${hits} : réduisez la période.`,
    columns: {
      drawer: 'Tireur',
      number: 'N° de chèque',
      date: 'Date',
      customer: 'Client',
      invoice: 'Facture',
      amount: 'Montant',
    },
  },
  collectedVat: {
    title: 'Export de la TVA collectée',
    intro:
      'La TVA exigible par mois, par régime et par taux : sur les règlements reçus (les travaux sont imposés à l’encaissement), à la date de la facture pour celles émises avec l’option pour les débits, et l’autoliquidation à part, à 0 % sans TVA.',
    submit: 'Télécharger la TVA collectée (CSV)',
  },
  invoicing: {
    title: 'Exports de facturation',
    /** The other three exports, linked from « Exports de facturation » (issue 25: all five reachable). */
    paymentExports: 'Exports des règlements',
    paymentExportsIntro: 'Le journal de banque, le bordereau de remise de chèques et la TVA collectée :',
    salesJournal: {
      title: 'Journal des ventes',
      intro:
        'Les factures, factures d’acompte et avoirs validés de la période, avec les comptes des réglages comptables.',
      submit: 'Télécharger le journal des ventes (CSV)',
    },
    fec: {
      title: 'Fichier des écritures comptables (FEC)',
      intro:
        'Les 18 colonnes de l’article A47 A-1 du livre des procédures fiscales, en ISO 8859-15 : les écritures des journaux des ventes et de banque dans l’ordre de leur validation, chacune avec son numéro. Pour un exercice entier (Gestion comptabilité), le fichier porte la date de clôture ; toute autre période est un extrait.',
      submit: 'Télécharger le FEC',
    },
  },
  from: 'Du',
  to: 'Au',
  bank: 'Banque',
  noBank: "Aucune banque n'est enregistrée : ajoutez-en une dans Gestion des banques.",
  format: 'Format',
  formats: {
    pdf: 'PDF',
    csv: 'CSV (Excel)',
    pipe: 'Séparateur barre verticale ( | )',
    tab: 'Séparateur tabulation',
  },
  downloading: (size: string) => `Téléchargement en cours : ${size} reçus`,
  downloaded: (filename: string, size: string) => `Fichier ${filename} téléchargé (${size}).`,
} as const;

/** 12 345 bytes → « 12,1 ko ». */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  const [divisor, unit] = bytes < 1024 * 1024 ? [1024, 'ko'] : [1024 * 1024, 'Mo'];
  // Tenths, rounded: a division by a power of two is exact, so this is the Intl rounding.
  return `${formatDecimal(Math.round((bytes * 10) / divisor), 1)} ${unit}`;
}
