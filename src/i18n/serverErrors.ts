import { ApiError } from '../api/errors';
import { getConfig } from '../config/config';
import type { ErrorKey } from '../contract/errors';
import { shellMessages } from './shellMessages';
import { validationMessages } from './validationMessages';

/**
 * Server error keys → French sentences (spec section 8). The spec gives the meaning of each
 * message but not its key; the keys are ours and the server answers with them.
 */
export const serverErrorMessages = {
  internal_error: 'Une erreur interne est survenue. Veuillez réessayer ; si le problème persiste, {contact}.',
  invoice_validation_error: 'Une erreur est survenue lors de la validation de la facture.',
  invalid_invoice_parameters: 'Les paramètres de la facture sont invalides : elle ne peut pas être validée.',
  amount_higher_than_vat: 'Le montant est supérieur à la TVA associée : la facture ne peut pas être validée.',
  resource_locked: 'Cette ressource est verrouillée par une autre de vos sessions.',
  quote_has_provisional_invoice: 'Ce devis a déjà une facture PROVISOIRE.',
  invoice_not_last_validated_part:
    "Cette facture n'est pas la dernière partie validée du devis. Elle ne pourra repasser en PROVISOIRE qu'après la suppression des factures suivantes.",
  business_has_delivery_date:
    "L'affaire a une date de réception des travaux : la facture ne peut pas repasser en provisoire.",
  retainage_already_paid:
    "La retenue de garantie a déjà été réglée : sa date de restitution ne peut pas être supprimée et la facture ne peut pas repasser en provisoire. Supprimez d'abord ces règlements.",
  invoice_date_before_last_validation:
    'La date de la facture est antérieure à la date de la dernière validation.',
  cancel_not_last_invoice: 'Seule la dernière facture du devis peut être annulée.',
  deposit_invoice_with_existing_invoices:
    "Une facture d'acompte ne peut pas être créée : des factures existent déjà pour ce devis.",
  credit_payment_retainage:
    "Un règlement par avoir n'est pas possible : l'affaire a une retenue de garantie.",
  credit_payment_nonzero: 'Un règlement par avoir doit avoir un montant nul.',
  credit_payment_invoice_has_payments:
    "Un règlement par avoir n'est pas possible : la facture a déjà des règlements reçus.",
  batch_invoices_not_paid: "Ces factures n'ont pas pu être réglées : {items}.",
  batch_payments_not_deleted: "Ces règlements n'ont pas pu être supprimés : {items}.",
  batch_payments_not_found: "Ces règlements n'existent plus : {items}.",
  payment_not_found: 'Règlement introuvable.',
  invoice_not_payable:
    "Cette facture ne peut pas être réglée : elle n'est pas validée, ou c'est un avoir, ou elle a été annulée.",
  payment_before_issuance:
    "Le règlement a-t-il été reçu avant l'émission de la facture ? Répondez à la question pour l'enregistrer.",
  payment_amount_invalid: 'Le montant du règlement doit être supérieur à zéro.',
  payment_exceeds_balance: 'Le montant du règlement dépasse le reste à payer de la facture.',
  invoice_already_validated: 'Cette facture est validée : elle ne peut plus être modifiée.',
  invoice_not_validated: "Cette facture n'est pas validée : elle est déjà PROVISOIRE.",
  validated_invoice_not_deletable:
    'Une facture validée ne peut pas être supprimée : annulez-la, un avoir sera émis.',
  numbered_invoice_not_deletable:
    'Cette facture a déjà reçu un numéro : elle ne peut pas être supprimée. Validez-la, puis annulez-la par un avoir.',
  credit_note_not_cancellable: 'Un avoir ne peut pas être annulé.',
  invoice_already_cancelled: 'Cette facture a déjà été annulée par un avoir.',
  quote_invoiced: 'Ce devis est déjà facturé : ses lignes ne peuvent plus être modifiées.',
  quote_not_editable:
    'Ce devis a été envoyé ou accepté : il ne peut plus être modifié. Un devis envoyé se modifie par une nouvelle révision ; un devis accepté est définitif.',
  quote_not_sent: "Ce devis n'a pas encore été envoyé : il ne peut être ni accepté ni refusé.",
  quote_expired:
    'La date de validité de ce devis est dépassée : il ne peut plus être envoyé ni accepté. Modifiez-le pour en proposer une nouvelle révision.',
  quote_already_answered: 'Ce devis a déjà reçu une réponse : il a été accepté ou refusé.',
  quote_not_accepted: 'Seul un devis accepté peut être facturé.',
  quote_fully_invoiced: 'Ce devis est entièrement facturé.',
  quote_revision_superseded:
    'Une révision plus récente de ce devis existe : seule la dernière révision peut être modifiée, envoyée ou acceptée.',
  invoice_already_sent:
    'Cette facture a déjà été envoyée ou téléchargée : elle ne peut plus repasser en PROVISOIRE. Pour la corriger, émettez un avoir.',
  invoice_has_credit_notes:
    'Un avoir a déjà été émis sur cette facture : elle ne peut plus repasser en PROVISOIRE. Pour la corriger, émettez un nouvel avoir.',
  invoice_date_in_future:
    "La date de la facture est postérieure à aujourd'hui : une facture est datée du jour de son émission.",
  credit_note_exceeds_invoice:
    "Le montant de l'avoir dépasse ce qui reste à créditer de la facture pour ce taux de TVA.",
  customer_data_missing:
    "Il manque des informations du client professionnel : {fields}. Depuis la réforme de la facturation électronique, le SIREN de l'acheteur est obligatoire : complétez la fiche du client pour valider la facture.",
  invalid_number_pattern:
    'Le format de numérotation est invalide : il doit contenir un seul compteur {NNNNN} et seulement les repères {AAAA}, {AA} ou {MM}.',
  company_data_missing:
    "Il manque des mentions obligatoires de l'entreprise : {fields}. Complétez les informations de l'entreprise pour valider la facture.",
  invoice_not_sendable: "Cette facture est PROVISOIRE : validez-la avant de l'envoyer par email.",
  recipient_missing: "Ce client n'a pas d'adresse email : saisissez l'adresse du destinataire.",
  sender_email_missing:
    "Aucune adresse d'expéditeur n'est renseignée : indiquez l'adresse email de l'entreprise dans les réglages d'envoi.",
  mail_not_sent: "L'email n'a pas pu être envoyé. Réessayez dans quelques instants.",
  document_unavailable:
    "Le document n'a pas pu être préparé : le serveur est occupé ou le document est trop lourd. Réessayez dans quelques instants.",
  email_already_used: validationMessages.emailAlreadyUsed,
  customer_code_exists: validationMessages.customerCodeExists,
  vat_percentage_used: validationMessages.vatPercentageUsed,
  customer_in_use: 'Ce client est utilisé par des documents : il ne peut pas être supprimé.',
  stale_version:
    "Quelqu'un d'autre a enregistré ces informations pendant votre saisie : vos modifications n'ont pas été enregistrées. Elles restent affichées ; rechargez pour voir la version enregistrée.",
  admin_required: 'Cette action est réservée aux administrateurs.',
  cannot_modify_self:
    "Vous ne pouvez pas verrouiller votre propre compte ni retirer vos propres droits d'administrateur.",
  id_mismatch: 'Les informations envoyées ne correspondent pas à cet élément.',
  bad_request: 'La demande envoyée est invalide.',
  payload_too_large: 'Les données envoyées sont trop volumineuses.',
  validation: 'Certaines informations sont invalides. Vérifiez les champs signalés.',
  unauthorized: shellMessages.notLoggedInTitle,
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  not_found: "Cet élément n'existe pas ou plus.",
  rate_limited: 'Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.',
  database_timeout: 'Le serveur a mis trop de temps à répondre. Veuillez réessayer dans un instant.',
  bank_in_use: 'Cette banque est utilisée par des règlements : elle ne peut pas être supprimée.',
  vat_rate_in_use:
    'Ce taux de TVA est utilisé par une facture, un devis ou un article de la bibliothèque : il ne peut pas être supprimé.',
  bank_default_required:
    'Une banque doit rester la banque par défaut : choisissez-en une autre comme banque par défaut.',
  export_period_invalid: 'La période est invalide : la date de début doit précéder la date de fin.',
  reporting_period_too_long: 'La période ne peut pas dépasser dix ans : choisissez une période plus courte.',
  library_item_in_use:
    "Cet élément est utilisé dans la composition d'un ouvrage : retirez-le de cet ouvrage avant de le supprimer.",
  library_cycle:
    "Un ouvrage ne peut pas se contenir lui-même : retirez de sa composition l'élément qui le contient.",
  library_price_out_of_range: 'Le prix de cet ouvrage dépasse le montant maximal accepté.',
  import_file_too_large:
    "Ce fichier dépasse 20 Mo : découpez-le en plusieurs fichiers plus petits et importez-les l'un après l'autre.",
  import_file_unreadable:
    "Ce fichier ne se lit ni comme un CSV ni comme un classeur Excel .xlsx. Un classeur .xls (Excel 97-2003) doit d'abord être enregistré en .xlsx ou en CSV.",
  import_file_empty: "Ce fichier ne contient aucune ligne à importer sous sa ligne d'en-têtes.",
  import_too_many_lines:
    "Ce fichier compte plus de 200 000 lignes : découpez-le en plusieurs fichiers et importez-les l'un après l'autre.",
  library_not_empty:
    'La bibliothèque contient déjà des éléments : la bibliothèque de démarrage ne se charge que dans une bibliothèque vide.',
  api_key_required:
    "Cette adresse attend la clé d'API de l'application dans l'en-tête X-Api-Key : une connexion d'utilisateur n'y est pas acceptée.",
  api_key_invalid:
    "Cette clé d'API est inconnue ou a été révoquée : copiez la clé affichée lors de la dernière connexion de l'application.",
  api_key_wrong_application: "Cette clé d'API est celle d'une autre application.",
  measure_import_refused: "Ce fichier n'a pas été importé : rien n'a été enregistré.",
  measure_file_too_large:
    "Ce fichier dépasse 5 Mo : exportez moins de mesures à la fois et importez les fichiers l'un après l'autre.",
  measure_group_full: 'Un groupe de mesures ne peut pas contenir plus de 5 000 mesures.',
  scope_required:
    "La gestion de chantier n'est pas comprise dans votre abonnement : elle est disponible en option, {contact}.",
  purchase_file_too_large:
    'Ce fichier dépasse 10 Mo : une facture fournisseur Factur-X, CII ou UBL est bien plus petite.',
  purchase_file_unreadable:
    "Ce fichier n'est ni une facture Factur-X (PDF), ni une facture CII ou UBL (XML) : saisissez la facture à la main.",
  purchase_file_incomplete:
    "Cette facture ne donne pas son fournisseur, son numéro, sa date ou ses montants, ou ses montants ne s'additionnent pas : saisissez-la à la main.",
  purchase_file_currency:
    "Cette facture n'est pas en euros : saisissez-la à la main, montants convertis en euros.",
  purchase_already_recorded: 'Cette facture de ce fournisseur est déjà enregistrée.',
  job_without_accepted_quote:
    "Cette affaire n'a pas de devis accepté : l'avancement se saisit par chapitre du devis accepté.",
  file_too_large: validationMessages.fileTooLarge,
  // The spec's sentence has no final stop; a server answer is a whole sentence.
  unsupported_file_format: `${validationMessages.unsupportedFileFormat}.`,
  vat_default_required:
    'Il faut toujours un taux de TVA par défaut : choisissez-en un autre comme taux par défaut.',
  wrong_current_password: 'Le mot de passe actuel est incorrect.',
  invitation_invalid:
    "Ce lien d'invitation n'est plus valide. Demandez-en un nouveau à votre administrateur.",
} as const satisfies Record<ErrorKey, string>;

export type ServerErrorKey = keyof typeof serverErrorMessages;

/**
 * Where a message sends a user who needs us: the chat when the page configures one (spec section 8),
 * else the help page of the menu — never a chat that is not there (issue 25).
 */
export function contactHint(): string {
  return getConfig().chatWidgetScriptUrl ? 'contactez-nous via le chat' : "consultez l'aide (menu « Aide »)";
}

/** The French sentence for a server error key; unknown keys fall back to the generic error. */
export function serverErrorMessage(key: string, params: Record<string, string> = {}): string {
  const template: string =
    key in serverErrorMessages
      ? serverErrorMessages[key as ServerErrorKey]
      : serverErrorMessages.internal_error;
  const values: Record<string, string> = { contact: contactHint(), ...params };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** French names of the company fields that `company_data_missing` names (server/src/documents/company-mentions.ts). */
export const companyFieldNames: Record<string, string> = {
  name: 'la raison sociale',
  legalForm: 'la forme juridique',
  capital: 'le capital social',
  address: "l'adresse",
  zipCode: 'le code postal',
  city: 'la ville',
  siret: 'le SIRET',
  rcs: 'la ville du RCS',
  apeCode: 'le code APE',
  vatNumber: 'le numéro de TVA intracommunautaire',
  insuranceName: "l'assureur décennal",
  insuranceAddress: "l'adresse de l'assureur décennal",
  insuranceContractNumber: "le numéro du contrat d'assurance décennale",
};

/** The French sentence to show a user for any failed call. */
export function errorMessageFor(error: unknown): string {
  if (!(error instanceof ApiError)) return serverErrorMessage('internal_error');
  // The missing company fields are named in the sentence.
  const fields = Object.keys(error.fields)
    .map((code) => companyFieldNames[code] ?? code)
    .join(', ');
  return serverErrorMessage(error.key, { fields });
}
