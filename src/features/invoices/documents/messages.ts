import { formatCount } from '../../../i18n/format';

/** The French words of an invoice's documents: the PDF preview, its download, the mail dialog. */
export const documentMessages = {
  previewTitle: 'Aperçu du document',
  previewFrame: (name: string) => `Aperçu PDF : ${name}`,
  previewFrameUntitled: 'Aperçu PDF de la facture',
  previewLoading: "Préparation de l'aperçu…",
  previewFailed: "L'aperçu du PDF n'a pas pu être chargé.",
  previewRetry: "Réessayer l'aperçu",
  /** On a phone the preview waits for this button (issue 27). */
  previewShow: 'Aperçu',
  previewDraftNote: 'Aperçu PROVISOIRE : mis à jour après chaque enregistrement du brouillon.',
  download: 'Télécharger le PDF',
  downloadFailed: "Le PDF n'a pas pu être téléchargé.",
  sendByEmail: 'Envoyer par email',
  sendTitle: { invoice: 'Envoyer la facture par email', quote: 'Envoyer le devis par email' },
  sendFrom: 'De',
  sendTo: 'Destinataire',
  sendSubject: 'Objet',
  sendText: 'Message',
  sendAttachment: 'Pièce jointe',
  sendLoadFailed: "Le message proposé n'a pas pu être chargé.",
  sendConfirm: 'Envoyer',
  sendCancel: 'Annuler',
  sent: (to: string) => `Facture envoyée à ${to}.`,
  sendingsTitle: 'Envois par email',
  sendingLine: (day: string, time: string, to: string) => `Le ${day} à ${time}, à ${to}`,
  sentBy: (name: string) => ` (par ${name})`,
  zipDownload: 'Télécharger les PDF',
  zipProgress: (done: number, total: number) =>
    `Préparation des PDF : ${formatCount(done)} sur ${formatCount(total)}`,
  zipDone: (count: number) =>
    count === 1 ? 'Le PDF de la facture est téléchargé.' : `Les ${formatCount(count)} PDF sont téléchargés.`,
  zipFailed: (numbers: string) => `Ces PDF n'ont pas pu être préparés : ${numbers}.`,
  zipFileName: (day: string) => `factures-${day}.zip`,
} as const;
