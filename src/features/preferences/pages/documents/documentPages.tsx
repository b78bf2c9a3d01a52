/**
 * The document settings pages of spec section 3 (Document settings) that are forms only: general
 * (documents per page, precisions, numbering), invoice, quote, terms of sale. Open to every user
 * but the numbering, which only an administrator changes.
 */
import { documentSettingsRanges } from '../../../../contract/documentSettings';
import { clientPaths } from '../../../../routes/paths';
import { type DocumentFormSpec, DocumentSettingsPage } from './DocumentSettingsForms';

const range = (name: keyof typeof documentSettingsRanges) =>
  `De ${documentSettingsRanges[name].min} à ${documentSettingsRanges[name].max}`;

export const generalForms: DocumentFormSpec[] = [
  {
    label: 'Paramètres généraux des documents',
    sections: [
      {
        legend: 'Affichage',
        fields: [
          {
            name: 'documentsPerPage',
            label: 'Documents par page',
            kind: 'integer',
            required: true,
            hint: `Dans les listes de documents. ${range('documentsPerPage')}.`,
          },
          {
            name: 'quantityPrecision',
            label: 'Précision des quantités',
            kind: 'integer',
            required: true,
            hint: `Nombre de décimales des quantités. ${range('quantityPrecision')}.`,
          },
          {
            name: 'unitPricePrecision',
            label: 'Précision des prix unitaires',
            kind: 'integer',
            required: true,
            hint: `Nombre de décimales des prix unitaires. ${range('unitPricePrecision')}.`,
          },
        ],
      },
    ],
  },
  {
    label: 'Numérotation',
    adminOnly: true,
    submitLabel: 'Enregistrer la numérotation',
    sections: [
      {
        legend: 'Numérotation',
        fields: [
          {
            name: 'invoiceNumberFormat',
            label: 'Format des numéros de facture',
            kind: 'text',
            required: true,
            hint: '{AAAA} année, {AA} année sur deux chiffres, {MM} mois, {NNNNN} compteur (autant de chiffres que de N). Exemple : FA-{AAAA}-{NNNNN}.',
          },
          {
            name: 'creditNoteNumberFormat',
            label: "Format des numéros d'avoir",
            kind: 'text',
            required: true,
            hint: 'Mêmes repères. Exemple : AV-{AAAA}-{NNNNN}.',
          },
          {
            name: 'creditNoteOwnSequence',
            label: 'Numéroter les avoirs à part (sinon, à la suite des factures)',
            kind: 'checkbox',
          },
        ],
      },
    ],
  },
];

export const invoiceForms: DocumentFormSpec[] = [
  {
    label: 'Paramètres des factures',
    sections: [
      {
        legend: 'Facture',
        fields: [
          { name: 'invoiceTitle', label: 'Titre', kind: 'text', hint: 'Par défaut : Facture' },
          {
            name: 'invoiceCompanyName',
            label: "Nom de l'entreprise",
            kind: 'text',
            hint: "Vide : le nom de l'entreprise de ses informations",
          },
          {
            name: 'invoiceComment',
            label: 'Commentaire',
            kind: 'textarea',
            hint: 'Imprimé sous les lignes de chaque facture',
          },
        ],
      },
      {
        legend: 'Paiement',
        fields: [
          { name: 'invoiceShowPaymentModes', label: 'Afficher les modes de paiement', kind: 'checkbox' },
          { name: 'invoiceShowBank', label: 'Afficher la banque (IBAN et BIC)', kind: 'checkbox' },
        ],
      },
    ],
  },
];

export const quoteForms: DocumentFormSpec[] = [
  {
    label: 'Paramètres des devis',
    sections: [
      {
        legend: 'Devis',
        fields: [
          { name: 'quoteTitle', label: 'Titre', kind: 'text', hint: 'Par défaut : Devis' },
          {
            name: 'quoteCompanyName',
            label: "Nom de l'entreprise",
            kind: 'text',
            hint: "Vide : le nom de l'entreprise de ses informations",
          },
          {
            name: 'quoteCeeMention',
            label: 'Mention CEE',
            kind: 'textarea',
            hint: "Certificats d'économies d'énergie : imprimée sur les devis (vide : aucune)",
          },
        ],
      },
    ],
  },
];

export const termsForms: DocumentFormSpec[] = [
  {
    label: 'Conditions générales de vente',
    sections: [
      {
        legend: 'Conditions générales de vente',
        fields: [
          { name: 'termsOfSale', label: 'Texte des conditions générales de vente', kind: 'textarea' },
          { name: 'termsOnQuote', label: 'Joindre aux devis', kind: 'checkbox' },
          { name: 'termsOnInvoice', label: 'Joindre aux factures', kind: 'checkbox' },
          { name: 'termsOnNewPage', label: 'Sur une nouvelle page', kind: 'checkbox' },
        ],
      },
    ],
  },
];

export const GeneralDocumentsPage = () => (
  <DocumentSettingsPage
    page={clientPaths.generalDocuments}
    intro="La numérotation est réservée aux administrateurs."
    forms={generalForms}
  />
);

export const InvoiceDocumentPage = () => (
  <DocumentSettingsPage page={clientPaths.invoiceDocument} forms={invoiceForms} />
);

export const QuoteDocumentPage = () => (
  <DocumentSettingsPage page={clientPaths.quoteDocument} forms={quoteForms} />
);

export const TermsOfSalePage = () => (
  <DocumentSettingsPage page={clientPaths.termsOfSale} forms={termsForms} />
);
