/** The preferences screens' own words (the spec's messages come from src/i18n). */
export const preferencesMessages = {
  save: 'Enregistrer',
  reload: 'Recharger',
  cancel: 'Annuler',
  close: 'Fermer',
  /** Said with « Réessayer » beside it. */
  loadFailed: "Ces informations n'ont pas pu être chargées.",
  adminOnly: 'Seul un administrateur peut modifier ces informations.',
  /**
   * At the top of a settings page, to a member who is not an administrator (issue 26: said first,
   * not under a greyed form): what they may do here, and what only an administrator does.
   */
  restricted: 'Réservé aux administrateurs : vous pouvez consulter ces réglages, pas les modifier.',
  restrictedNumbering:
    'La numérotation est réservée aux administrateurs : vous pouvez la consulter, pas la modifier.',
  restrictedLogos: 'Les logos sont réservés aux administrateurs : vous pouvez les voir, pas les changer.',
} as const;
