import { formatCount } from '../contract/format.js';

/** Validation rules of spec section 5, and the ones the spec names without wording. */
export const validationMessages = {
  required: 'Ce champ est obligatoire.',
  email: 'Ce champ doit être une adresse email valide.',
  emailAlreadyUsed: 'Cette adresse email est déjà utilisée.',
  date: 'La date doit respecter le format JJ/MM/AAAA.',
  // Issue 18: no date field accepts a year after 2100 (src/contract/fields.ts, latestDate).
  dateTooLate: 'La date doit être au plus tard le 31/12/2100.',
  number: 'Ce champ doit être un nombre.',
  fileTooLarge: 'Ce fichier est trop volumineux.',
  unsupportedFileFormat: "Ce format de fichier n'est pas supporté",
  // The spec names these rules without their text; our wording:
  imageLoadError: "L'image n'a pas pu être chargée.",
  bic: 'Le format du BIC est incorrect.',
  accountNumber:
    'Un numéro de compte ne contient que des chiffres (3 à 20), le premier étant la classe du plan comptable (1 à 8).',
  iban: "Le format de l'IBAN est incorrect.",
  ibanChecksum: "La clé de contrôle de l'IBAN ne correspond pas : un chiffre est sans doute mal saisi.",
  siret: "Ce numéro SIRET n'est pas valide.",
  vatNumber: "Ce numéro de TVA intracommunautaire n'est pas valide.",
  customerCodeExists: 'Ce code client existe déjà.',
  vatPercentageUsed: 'Ce taux de TVA est déjà utilisé : son pourcentage ne peut plus être modifié.',
  paymentBeforeInvoice: "Le règlement a-t-il été reçu avant l'émission de la facture ?",
  // The shared contract's other field codes (src/contract/fields.ts), see fieldCodeMessages.ts:
  invalid: "Cette valeur n'est pas valide.",
  tooLong: 'Ce texte est trop long.',
  tooShort: 'Ce texte est trop court.',
  phone: "Ce numéro de téléphone n'est pas valide.",
  zipCode: "Ce code postal n'est pas valide.",
  professionalOnly: 'Ce champ est réservé aux clients professionnels.',
  customerCodeFormat: 'Lettres, chiffres, « - » et « _ » uniquement, 20 caractères au plus.',
  // A field the API does not know (the `unknown` code: a body the forms never send).
  unknownField: "Ce champ n'est pas attendu.",
  // Non-blocking warnings of the customer form ({name}: the other customer).
  emailOfAnotherCustomer: 'Attention : cette adresse email est déjà celle du client {name}.',
  siretOfAnotherCustomer: 'Attention : ce numéro SIRET est déjà celui du client {name}.',
  // Leaving a form with unsaved changes.
  unsavedChanges: 'Vos modifications ne sont pas enregistrées. Quitter la page sans les enregistrer ?',
  // Closing a dialog (the payment's) with something typed in it (issue 26).
  unsavedDialog: 'Vos modifications ne sont pas enregistrées. Fermer sans les enregistrer ?',
} as const;

/** A text field at or past its length limit, in every editor (invoices, quotes). */
export const lengthMessages = {
  tooLong: (max: number) => `Ce texte est trop long : ${formatCount(max)} caractères au maximum.`,
  atMaxLength: (max: number) => `${formatCount(max)} caractères au maximum : le texte s'arrête là.`,
} as const;
