/** The preferences screens' own words (the spec's messages come from src/i18n). */
export const preferencesMessages = {
  save: 'Enregistrer',
  reload: 'Recharger',
  cancel: 'Annuler',
  close: 'Fermer',
  loadFailed: "Ces informations n'ont pas pu être chargées. Rechargez la page pour réessayer.",
  adminOnly: 'Seul un administrateur peut modifier ces informations.',
} as const;
