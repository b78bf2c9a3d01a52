import { formatCount, formatDecimal, UNIT_SPACE } from '../../contract/format';
import type { MeasureEventKind } from '../../contract/measures';

/** A file's size as French writes it: « 812 octets », « 12,4 Ko », « 3,2 Mo ». */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 octet' : `${formatCount(bytes)} octets`;
  const [scaled, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'Ko'] : [bytes / (1024 * 1024), 'Mo'];
  return `${formatDecimal(Math.round(scaled * 10), 1)}${UNIT_SPACE}${unit}`;
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count <= 1 ? one : many}`;

/** « Mes applications »'s French words. */
export const applicationsMessages = {
  title: 'Mes applications',
  intro:
    'Reliez vos applications de métré : leurs mesures arrivent dans des groupes de mesures, prêts à être repris dans vos devis.',
  descriptions: {
    pix4d: 'Métrés de chantier par drone : longueurs, surfaces et volumes mesurés sur les photos.',
    sema: 'Conception de charpentes, toitures et escaliers : les quantités de vos projets.',
  },
  connected: 'Connectée',
  notConnected: 'Non connectée',
  connectedOn: 'Connectée le',
  connectionTitle: 'Connexion',
  lastData: 'Dernières données reçues',
  noDataYet: 'Aucune donnée reçue',
  groupCount: (count: number) => plural(count, 'groupe de mesures', 'groupes de mesures'),
  groups: 'Groupes de mesures',
  openGroups: (label: string) => `Voir les groupes de mesures ${label}`,
  openHome: (label: string) => `Ouvrir ${label}`,
  listFailed: "Les applications n'ont pas pu être chargées.",
  // Connect, keys, disconnect
  connect: (label: string) => `Connecter ${label}`,
  regenerate: 'Régénérer la clé',
  disconnect: 'Déconnecter',
  connectTitle: (label: string) => `${label} est connectée`,
  regenerateTitle: (label: string) => `Nouvelle clé ${label}`,
  keyLabel: "Clé d'API",
  keyWarning:
    "Copiez cette clé maintenant et collez-la dans l'application : elle ne sera plus jamais affichée. Si vous la perdez, régénérez-en une (l'ancienne cessera de fonctionner).",
  keyHowTo: (label: string) =>
    `Dans ${label}, renseignez cette clé dans les réglages de connexion à votre logiciel de gestion : elle est envoyée dans l'en-tête X-Api-Key de chaque appel.`,
  copy: 'Copier la clé',
  copied: 'Clé copiée dans le presse-papiers.',
  copyFailed: 'La copie a échoué : sélectionnez la clé et copiez-la vous-même.',
  keyDone: "J'ai copié la clé",
  regenerateConfirm: (label: string) =>
    `Une nouvelle clé remplacera l'actuelle : ${label} ne pourra plus envoyer de mesures tant que vous ne l'y aurez pas renseignée.`,
  disconnectTitle: (label: string) => `Déconnecter ${label} ?`,
  disconnectText: (label: string) =>
    `Les clés de ${label} seront révoquées : l'application ne pourra plus envoyer de mesures. Vos groupes de mesures et leurs mesures sont conservés.`,
  disconnectConfirm: (label: string) => `Déconnecter ${label}`,
  disconnected: (label: string) => `${label} est déconnectée.`,
  cancel: 'Annuler',
  adminOnly: "Seul un administrateur de l'entreprise peut connecter ou déconnecter une application.",
  keysTitle: "Clés d'API",
  noKeys: "Aucune clé : connectez l'application pour en créer une.",
  keyColumns: { prefix: 'Clé', createdAt: 'Créée le', lastUsedAt: 'Dernière utilisation', state: 'État' },
  keyNeverUsed: 'Jamais utilisée',
  keySummary: (created: string, used: string | null) =>
    used ? `créée le ${created}, utilisée le ${used}` : `créée le ${created}, jamais utilisée`,
  keyActive: 'Active',
  keyRevoked: (date: string) => `Révoquée le ${date}`,
  // The application's home
  homeTitle: (label: string) => label,
  backToApplications: 'Retour à Mes applications',
  howToTitle: 'Importer des mesures',
  howTo: {
    pix4d: [
      'Dans PIX4Dcloud ou PIX4Dmatic, exportez vos mesures (longueurs, surfaces, volumes) au format GeoJSON ou CSV.',
      "Ouvrez un groupe de mesures (ou créez-en un pour l'affaire), puis « Importer un fichier ».",
      'Ou, avec la clé, laissez Pix4D envoyer ses mesures directement : elles arrivent dans leur groupe.',
    ],
    sema: [
      'Dans SEMA, exportez la liste des quantités de votre projet (CSV).',
      "Ouvrez un groupe de mesures (ou créez-en un pour l'affaire), puis « Importer un fichier ».",
      'Ou, avec la clé, laissez SEMA envoyer ses quantités directement : elles arrivent dans leur groupe.',
    ],
  },
} as const;

/** The lists of measure groups and « Nouveau groupe de mesures ». */
export const groupsMessages = {
  title: (label: string) => `Groupes de mesures ${label}`,
  newGroup: 'Nouveau groupe de mesures',
  search: 'Rechercher un groupe',
  searchPlaceholder: 'Nom du groupe…',
  jobFilter: 'Affaire',
  jobFilterPlaceholder: 'Toutes les affaires',
  jobSearching: 'Recherche…',
  jobNoMatch: 'Aucune affaire ne correspond.',
  listFailed: "La liste des groupes de mesures n'a pas pu être chargée.",
  emptyTitle: 'Aucun groupe de mesures pour le moment.',
  emptyText: (label: string) =>
    `Créez un groupe pour une affaire et importez-y un export ${label}, ou laissez ${label} envoyer ses mesures avec sa clé.`,
  noMatchTitle: 'Aucun groupe de mesures ne correspond à ces filtres.',
  noMatchText: "Changez la recherche ou l'affaire, ou effacez les filtres.",
  pagerLabel: 'Pages de la liste des groupes de mesures',
  open: (name: string) => `Ouvrir le groupe ${name}`,
  columns: {
    name: 'Groupe',
    job: 'Affaire',
    measures: 'Mesures',
    totals: 'Totaux',
    lastData: 'Dernières données',
    date: 'Créé le',
  },
  noJob: '—',
  // « Nouveau groupe de mesures »
  name: 'Nom du groupe',
  nameHint: 'Par exemple : Toiture bâtiment A',
  job: 'Affaire',
  jobHint: 'Facultatif : les mesures se retrouvent depuis cette affaire.',
  jobPlaceholder: "Nom de l'affaire ou du client…",
  create: 'Créer le groupe',
  created: (name: string) => `Groupe « ${name} » créé.`,
} as const;

/** A group's page, its form, its measures, its import and its events. */
export const groupMessages = {
  title: 'Groupe de mesures',
  loadFailed: "Ce groupe de mesures n'a pas pu être chargé.",
  notFound: "Ce groupe de mesures n'existe pas, ou n'est pas celui de votre entreprise.",
  backToGroups: (label: string) => `Retour aux groupes de mesures ${label}`,
  subtitle: (label: string, count: number) => `${label} · ${plural(count, 'mesure', 'mesures')}`,
  externalId: (id: string) => `Identifiant dans l'application : ${id}`,
  lastData: (date: string) => `Dernières données le ${date}`,
  // The form
  editTitle: 'Le groupe',
  name: 'Nom du groupe',
  job: 'Affaire',
  noJob: 'Aucune affaire',
  jobHint: 'Effacez le champ pour détacher le groupe de son affaire.',
  save: 'Enregistrer le groupe',
  saved: 'Le groupe a été enregistré.',
  reload: 'Recharger le groupe',
  jobSearching: groupsMessages.jobSearching,
  jobNoMatch: groupsMessages.jobNoMatch,
  openJob: (name: string) => `Affaire : ${name}`,
  // Measures and totals
  measuresTitle: 'Mesures',
  noMeasures:
    "Aucune mesure pour le moment : importez un fichier, ou laissez l'application envoyer ses mesures.",
  measureColumns: { name: 'Mesure', kind: 'Type', value: 'Valeur', note: 'Note' },
  totalsTitle: 'Totaux par type',
  noTotals: 'Aucun total : le groupe est vide.',
  // Quotes
  quotesTitle: 'Devis qui utilisent ce groupe',
  noQuotes: 'Aucun devis ne reprend encore ces mesures.',
  // Import
  importTitle: 'Importer un fichier',
  importHint: (label: string, maxSize: string) =>
    label === 'Pix4D'
      ? `Un export de mesures Pix4D (GeoJSON ou CSV), ${maxSize} au plus. Les mesures déjà présentes sont mises à jour.`
      : `Une liste de quantités SEMA (CSV), ${maxSize} au plus. Les mesures déjà présentes sont mises à jour.`,
  chooseFile: 'Choisir un fichier',
  dropHere: 'ou déposez-le ici',
  importButton: 'Importer le fichier',
  importNeedsFile: "Choisissez d'abord un fichier (ou déposez-le ci-dessus).",
  importing: (percent: number) => `Envoi du fichier : ${percent} %`,
  reading: 'Lecture du fichier…',
  tooLarge: (maxSize: string) => `Ce fichier dépasse ${maxSize} : il ne peut pas être importé.`,
  imported: (read: number, added: number, changed: number) =>
    `${plural(read, 'mesure lue', 'mesures lues')} : ${plural(added, 'ajoutée', 'ajoutées')}, ${plural(changed, 'modifiée', 'modifiées')}.`,
  refusedTitle: "Le fichier n'a pas été importé : rien n'a été enregistré.",
  importFailed: "L'import n'a pas abouti. Réessayez dans quelques instants.",
  chosenFile: (name: string, size: string) => `${name} (${size})`,
  // Events
  eventsTitle: 'Historique',
  allEvents: "Voir tout l'historique",
  eventsPageTitle: (name: string) => `Historique du groupe ${name}`,
  noEvents: "Aucun événement pour l'instant.",
  eventsFailed: "L'historique n'a pas pu être chargé.",
  moreEvents: 'Afficher plus',
  eventsCount: (shown: number, total: number) => `${formatCount(shown)} / ${formatCount(total)}`,
  backToGroup: 'Retour au groupe',
} as const;

/**
 * The import formats' names (server/src/measures/import: the same words; a client cannot import the
 * server's module). Another id shows as it comes.
 */
export const fileFormatLabels: Record<string, string> = {
  'pix4d-geojson': 'Pix4D GeoJSON',
  'pix4d-csv': 'Pix4D CSV',
  'sema-csv': 'SEMA CSV (liste de matériaux)',
};

/** Each event kind in French (the timeline's title of an event). */
export const eventKindLabels: Record<MeasureEventKind, string> = {
  created: 'Groupe créé',
  measures_added: 'Mesures ajoutées',
  measures_changed: 'Mesures modifiées',
  measures_removed: 'Mesures supprimées',
  imported: 'Fichier importé',
  import_refused: 'Import refusé',
  linked_to_job: 'Affaire changée',
  renamed: 'Groupe renommé',
  used_in_quote: 'Utilisé dans un devis',
};

export const eventMessages = {
  by: (name: string) => `par ${name}`,
  byConnector: (label: string) => `par ${label} (clé d'API)`,
  byImport: 'par import de fichier',
  at: (day: string, time: string) => `le ${day} à ${time}`,
  file: (name: string, size: string) => `${name} (${size})`,
  imported: (count: number, added: number, changed: number) =>
    `${plural(count, 'mesure lue', 'mesures lues')}, ${plural(added, 'ajoutée', 'ajoutées')}, ${plural(changed, 'modifiée', 'modifiées')}`,
  format: (format: string) => `Format : ${fileFormatLabels[format] ?? format}`,
  renamed: (before: string, after: string) => `« ${before} » devient « ${after} »`,
  created: (name: string) => `« ${name} »`,
  jobBefore: 'Avant',
  jobAfter: 'Après',
  noJob: 'aucune affaire',
  jobChange: (before: string, after: string) => `${before} → ${after}`,
  quote: (number: string) => `Devis ${number}`,
  quoteLines: 'Lignes',
  before: 'avant',
  after: 'après',
  removedValue: 'supprimée',
  moreMeasures: (count: number) => `et ${plural(count, 'autre mesure', 'autres mesures')}`,
} as const;
