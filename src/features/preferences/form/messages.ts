/** The preferences screens' own words (the spec's messages come from src/i18n). */
export const preferencesMessages = {
  save: 'Enregistrer',
  stale:
    "Quelqu'un d'autre a enregistré ces informations pendant votre saisie : vos modifications n'ont pas été enregistrées. Elles restent affichées ; rechargez pour voir la version enregistrée.",
  reload: 'Recharger',
  loadFailed: "Ces informations n'ont pas pu être chargées. Rechargez la page pour réessayer.",
  adminOnly: 'Seul un administrateur peut modifier ces informations.',
} as const;
