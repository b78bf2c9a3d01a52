/** The French words of a quote's actions: the mail, the customer's answer, « Facturer ». */
export const quoteActionMessages = {
  send: 'Envoyer par email',
  sent: (to: string) => `Devis envoyé à ${to}.`,
  answer: 'Enregistrer la réponse du client',
  answerTitle: 'Réponse du client',
  decision: 'Réponse',
  accepted: 'Accepté',
  refused: 'Refusé',
  signerName: 'Nom du signataire',
  signerHint: 'La personne qui a signé ou donné la réponse',
  reason: 'Motif du refus',
  reasonHint: 'Facultatif',
  saveAnswer: 'Enregistrer la réponse',
  cancel: 'Annuler',
  answerSaved: { accepted: 'Le devis est accepté.', refused: 'Le devis est refusé.' },
  invoice: 'Facturer',
  invoiceHint: 'Un acompte, une situation de travaux ou la facture finale de ce devis',
  answered: (decision: 'accepted' | 'refused', day: string, name: string | null) =>
    `${decision === 'accepted' ? 'Accepté' : 'Refusé'} le ${day}${name ? ` par ${name}` : ''}`,
  online: ' (en ligne)',
} as const;
