/** The price library's French words (issue 22, « Base de données »). */
import { formatCount } from '../../contract/format';
import type { LibraryKind } from '../../contract/library';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n > 1 ? many : one}`;

/** The kinds as the filter names them (plural) and as « Nouvel élément » offers them. */
export const kindFilterLabels: Record<LibraryKind, string> = {
  supply: 'Fournitures',
  labour: "Main-d'œuvre",
  equipment: 'Matériel',
  work: 'Ouvrages',
};

export const newKindLabels: Record<LibraryKind, string> = {
  supply: 'Nouvelle fourniture',
  labour: "Nouvelle main-d'œuvre",
  equipment: 'Nouveau matériel',
  work: 'Nouvel ouvrage',
};

export const libraryMessages = {
  title: 'Base de données',
  subtitle:
    "Vos fournitures, main-d'œuvre, matériel et ouvrages, avec leur déboursé sec et leur prix de vente.",
  tableCaption: 'Éléments de la bibliothèque',
  search: 'Rechercher un élément',
  searchPlaceholder: 'Code ou mots de la désignation',
  kind: 'Type',
  allKinds: 'Tous les types',
  newItem: 'Nouvel élément',
  import: 'Importer',
  // Columns
  code: 'Code',
  designation: 'Désignation',
  unit: 'Unité',
  cost: 'Déboursé sec',
  salePrice: 'Prix de vente HT',
  pagerLabel: 'Pages de la bibliothèque',
  // States
  empty: 'Votre bibliothèque est vide.',
  emptyText:
    "Ajoutez vos fournitures, votre main-d'œuvre et vos ouvrages, ou importez la liste de prix d'un fournisseur.",
  noMatch: 'Aucun élément ne correspond à ces critères.',
  noMatchText: 'Modifiez la recherche ou les filtres.',
  listFailed: "La bibliothèque n'a pas pu être chargée.",
  retry: 'Réessayer',
  clearFilters: 'Effacer les filtres',
  // Families
  families: 'Familles',
  allFamilies: 'Toutes les familles',
  newFamily: 'Ajouter une famille',
  newSubFamily: (parent: string) => `Ajouter une sous-famille à « ${parent} »`,
  familyName: 'Nom de la famille',
  familyParent: 'Dans la famille',
  familyTop: 'Aucune (au premier niveau)',
  createFamily: 'Créer la famille',
  familyCreated: (name: string) => `La famille « ${name} » a été créée.`,
  editFamily: (name: string) => `Modifier la famille « ${name} »`,
  saveFamily: 'Enregistrer la famille',
  familySaved: (name: string) => `La famille « ${name} » a été enregistrée.`,
  cancel: 'Annuler',
  // Sheet
  back: 'Retour à la liste',
  sheetNew: (kind: LibraryKind) => newKindLabels[kind],
  purchasePrice: "Prix d'achat HT (€)",
  equipmentCost: 'Coût (€)',
  ownHourlyCost: 'Coût horaire propre (€/h)',
  ownHourlyCostHint: (companyCost: string) =>
    `Laissez vide pour utiliser le coût horaire de l'entreprise (${companyCost}), défini dans « Coûts et prix de vente ».`,
  ownHourlyCostHintLoading:
    "Laissez vide pour utiliser le coût horaire de l'entreprise (« Coûts et prix de vente »).",
  supplier: 'Fournisseur',
  vatRate: 'Taux de TVA par défaut',
  noVatRate: 'Aucun',
  loss: 'Perte (%)',
  lossHint: "Ajoutée au prix d'achat dans le déboursé sec.",
  family: 'Famille',
  noFamily: 'Aucune',
  fixedSalePrice: 'Prix de vente HT imposé (€)',
  fixedSalePriceHint: 'Laissez vide pour le prix calculé à partir de « Coûts et prix de vente ».',
  labourUnitHint: "La main-d'œuvre se compte en heures.",
  composition: 'Composition',
  compositionEmpty:
    "Cet ouvrage n'a encore aucun composant : cherchez un élément de la bibliothèque pour l'ajouter.",
  addComponent: 'Ajouter un composant',
  addComponentPlaceholder: 'Code ou désignation',
  componentSearching: 'Recherche…',
  componentNoMatch: 'Aucun élément ne correspond.',
  quantityOf: (designation: string) => `Quantité de ${designation}`,
  quantity: 'Quantité',
  removeComponent: (designation: string) => `Retirer ${designation}`,
  remove: 'Retirer',
  componentAdded: (designation: string) => `${designation} ajouté à la composition.`,
  alreadyInComposition: 'Cet élément est déjà dans la composition : modifiez sa quantité.',
  figures: 'Prix calculés',
  liveCost: 'Déboursé sec',
  liveSale: 'Prix de vente HT',
  liveCoefficient: 'Coefficient',
  calculating: 'Calcul en cours…',
  notComputable: 'Le prix ne peut pas être calculé tant que les montants ne sont pas valides.',
  cycle: "Cet ouvrage se contient lui-même par l'un de ses composants.",
  figuresHint: 'Calculés comme le serveur les calcule, à partir de « Coûts et prix de vente ».',
  create: (kind: LibraryKind) =>
    kind === 'work'
      ? "Créer l'ouvrage"
      : kind === 'supply'
        ? 'Créer la fourniture'
        : kind === 'labour'
          ? "Créer la main-d'œuvre"
          : 'Créer le matériel',
  save: "Enregistrer l'élément",
  saved: "L'élément a été enregistré.",
  created: "L'élément a été créé.",
  reload: 'Recharger',
  delete: "Supprimer l'élément",
  deleteTitle: 'Supprimer cet élément ?',
  deleteText: (designation: string) =>
    `« ${designation} » sera retiré de la bibliothèque. Les devis déjà rédigés gardent leurs prix.`,
  deleteConfirm: 'Supprimer',
  deleted: "L'élément a été supprimé.",
  itemFailed: "Cet élément n'a pas pu être chargé.",
  // Costs screen
  previewCalculating: 'Calcul des prix de la bibliothèque…',
  previewNone: 'Aucun prix de la bibliothèque ne change avec ces coûts.',
  previewChanged: (n: number) =>
    `Avec ces coûts, ${plural(n, 'élément', 'éléments')} de la bibliothèque ${n > 1 ? 'changent' : 'change'} de prix de vente.`,
  previewFailed: "Le nombre de prix de la bibliothèque qui changent n'a pas pu être calculé.",
  hits: (n: number) => plural(n, 'élément', 'éléments'),
};
