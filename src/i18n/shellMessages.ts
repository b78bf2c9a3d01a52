/** Session and shell texts of spec section 8. */
export const shellMessages = {
  notLoggedInTitle: "Vous n'êtes pas connecté !",
  notLoggedInText: 'Vous allez être redirigé vers la page de connexion…',
  signIn: 'Se connecter',
  redirecting: 'Redirection en cours...',
  offlineTitle: 'Tentative de connexion',
  offlineText:
    'Nous essayons de vous reconnecter. Si le problème persiste, vous pouvez essayer de rafraîchir la page en appuyant sur CTRL + R sur PC ou CMD + R sur Mac.',
  updateSuccess: 'Les informations ont été mises à jour.',
  updateError: 'Une erreur est survenue lors de la mise à jour.',
  close: 'Fermer',
  loading: 'Chargement…',
  restricted: 'Action réservée aux administrateurs',
  unexpectedError: 'Une erreur inattendue est survenue.',
  reload: 'Recharger la page',
} as const;
