/** The import dialog's French words (issue 22, « Imports »). */
import { formatCount } from '../../../contract/format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n > 1 ? many : one}`;

/** A column as a spreadsheet names it: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export const importMessages = {
  title: 'Importer une liste de prix',
  file: 'Fichier de la liste de prix',
  fileHint: 'CSV (séparateur point-virgule, virgule ou tabulation) ou classeur Excel .xlsx, 20 Mo au plus.',
  tooLarge:
    "Ce fichier dépasse 20 Mo : découpez-le en plusieurs fichiers plus petits et importez-les l'un après l'autre.",
  reading: 'Lecture du fichier…',
  sending: (percent: number) => `Envoi du fichier : ${percent} %`,
  importing: 'Import en cours…',
  progressLabel: "Progression de l'import",
  mapping: 'Colonnes du fichier',
  mappingHint: 'Choisissez la colonne de chaque information. Code, désignation et prix sont obligatoires.',
  noColumn: '— Aucune colonne —',
  column: (index: number, name: string) => `${columnLetters(index)} · ${name || 'sans titre'}`,
  missing: (names: string) => `Choisissez la colonne : ${names}.`,
  previewCaption: (shown: number, lines: number) =>
    `Aperçu des ${plural(shown, 'première ligne', 'premières lignes')} sur ${plural(lines, 'ligne', 'lignes')}`,
  line: 'Ligne',
  action: 'Action',
  create: 'Création',
  update: 'Mise à jour',
  refused: 'Refusée',
  summary: (create: number, update: number, rejected: number) =>
    `${plural(create, 'élément à créer', 'éléments à créer')}, ${plural(update, 'à mettre à jour', 'à mettre à jour')}, ${plural(rejected, 'ligne refusée', 'lignes refusées')}.`,
  errorsTitle: (n: number) =>
    `${plural(n, 'erreur', 'erreurs')} (les lignes concernées ne seront pas importées)`,
  moreErrors: (shown: number) => `Seules les ${formatCount(shown)} premières erreurs sont listées.`,
  errorLine: (line: number, message: string) => `Ligne ${formatCount(line)} : ${message}`,
  importButton: (n: number) => `Importer ${plural(n, 'ligne', 'lignes')}`,
  otherFile: 'Choisir un autre fichier',
  cancel: 'Annuler',
  close: 'Fermer',
  done: 'Import terminé',
  result: (created: number, updated: number, unchanged: number, rejected: number) =>
    `${[
      plural(created, 'élément créé', 'éléments créés'),
      plural(updated, 'élément mis à jour', 'éléments mis à jour'),
      plural(unchanged, 'élément inchangé', 'éléments inchangés'),
      plural(rejected, 'ligne refusée', 'lignes refusées'),
    ].join(', ')}.`,
  starterTitle: 'Votre bibliothèque est vide',
  starterText:
    "Commencez avec notre bibliothèque de rénovation : environ 250 fournitures, main-d'œuvre, matériel et ouvrages en démolition, plâtrerie, électricité, plomberie, peinture et carrelage, à des prix indicatifs que vous ajusterez.",
  starterButton: 'Charger la bibliothèque de démarrage',
  starterLoading: 'Chargement de la bibliothèque de démarrage…',
  starterLoaded: (n: number) =>
    `La bibliothèque de démarrage est chargée : ${plural(n, 'élément', 'éléments')}.`,
};
