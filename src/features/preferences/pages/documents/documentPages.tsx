/**
 * The document settings pages of spec section 3 (Document settings) that are forms only: general
 * (documents per page, precisions, numbering), invoice, quote, terms of sale. Open to every user
 * but the numbering, which only an administrator changes.
 */
import { useStore } from '@nanostores/react';
import type { Bank } from '../../../../api/banks';
import type { DocumentSettings } from '../../../../api/documentSettings';
import { type PaymentMode, paymentDeadlineRules, paymentModes } from '../../../../contract/customers';
import { documentSettingsRanges } from '../../../../contract/documentSettings';
import { paymentModeLabels } from '../../../../contract/paymentTerms';
import { validationMessages } from '../../../../i18n/validationMessages';
import { clientPaths } from '../../../../routes/paths';
import { LoadingScreen } from '../../../../ui/LoadingScreen';
import { deadlineFromTexts, deadlineToTexts } from '../../../customers/form/deadlineTexts';
import { deadlineRuleLabels } from '../../../customers/messages';
import { preferencesMessages } from '../../form/messages';
import { preferencesEntry } from '../../preferencesMenu';
import { $banks } from '../../settingsStores';
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

/** The invoice form's own fields for the company's payment terms (one box per mode). */
const modeField = (mode: PaymentMode) => `mode_${mode}`;
const typedModes = (values: Record<string, unknown>) =>
  paymentModes.filter((mode) => values[modeField(mode)]);

/** The bank shown on invoices: the default one (null), or one of the company's banks by its id. */
const invoiceTerms: NonNullable<DocumentFormSpec['adapt']> = {
  toForm: (settings: DocumentSettings) => {
    const deadline = deadlineToTexts(settings.defaultPaymentDeadline);
    return {
      deadlineRule: deadline.rule,
      deadlineValue: deadline.value,
      ...Object.fromEntries(
        paymentModes.map((mode) => [modeField(mode), settings.defaultPaymentModes.includes(mode)]),
      ),
      invoiceBankId: settings.invoiceBankId === null ? '' : String(settings.invoiceBankId),
    };
  },
  toEdit: ({ deadlineRule, deadlineValue, invoiceBankId, ...values }) => {
    const deadline = deadlineFromTexts(String(deadlineRule), String(deadlineValue));
    const fields = Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith('mode_')));
    return {
      ...fields,
      ...('deadline' in deadline ? { defaultPaymentDeadline: deadline.deadline } : {}),
      defaultPaymentModes: typedModes(values),
      invoiceBankId: invoiceBankId === '' || invoiceBankId === undefined ? null : Number(invoiceBankId),
    };
  },
  check: (values) => {
    const errors: Record<string, string> = {};
    const deadline = deadlineFromTexts(String(values.deadlineRule), String(values.deadlineValue ?? ''));
    if ('field' in deadline)
      errors[deadline.field === 'rule' ? 'deadlineRule' : 'deadlineValue'] = deadline.message;
    else {
      const { rule, value } = deadline.deadline;
      const [min, max] = rule === 'dayOfMonth' ? [1, 31] : [0, 365];
      if (typeof value === 'number' && (value < min || value > max))
        errors.deadlineValue = `La valeur doit être comprise entre ${min} et ${max}.`;
    }
    if (typedModes(values).length === 0) errors[modeField(paymentModes[0])] = validationMessages.required;
    return errors;
  },
};

export const invoiceForms = (banks: Bank[] = []): DocumentFormSpec[] => [
  {
    label: 'Paramètres des factures',
    adapt: invoiceTerms,
    fieldOf: (name) =>
      name.startsWith('defaultPaymentDeadline')
        ? 'deadlineValue'
        : name.startsWith('defaultPaymentModes')
          ? modeField(paymentModes[0])
          : name,
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
        legend: 'Délai de paiement par défaut',
        fields: [
          {
            name: 'deadlineRule',
            label: 'Règle',
            kind: 'select',
            required: true,
            options: paymentDeadlineRules.map((rule) => ({ value: rule, label: deadlineRuleLabels[rule] })),
            hint: 'Pour les clients sans délai propre et leurs nouvelles factures',
          },
          {
            name: 'deadlineValue',
            label: 'Valeur',
            kind: 'text',
            required: true,
            hint: 'Nombre de jours (0 à 365), jour du mois (1 à 31) ou date (JJ/MM/AAAA) selon la règle',
          },
        ],
      },
      {
        legend: 'Modes de paiement par défaut',
        fields: paymentModes.map((mode) => ({
          name: modeField(mode),
          label: paymentModeLabels[mode],
          kind: 'checkbox' as const,
        })),
      },
      {
        legend: 'Paiement',
        fields: [
          { name: 'invoiceShowPaymentModes', label: 'Afficher les modes de paiement', kind: 'checkbox' },
          { name: 'invoiceShowBank', label: 'Afficher la banque (IBAN et BIC)', kind: 'checkbox' },
          {
            name: 'invoiceBankId',
            label: 'Banque affichée',
            kind: 'select',
            options: [
              { value: '', label: 'Banque par défaut' },
              ...banks.map((bank) => ({ value: String(bank.id), label: bank.name })),
            ],
          },
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
          {
            name: 'quoteValidityDays',
            label: 'Durée de validité des devis (jours)',
            kind: 'integer',
            required: true,
            hint: `Un nouveau devis est valable de sa date à sa date plus ce nombre de jours. ${range('quoteValidityDays')}.`,
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
    restricted={preferencesMessages.restrictedNumbering}
    forms={generalForms}
  />
);

export function InvoiceDocumentPage() {
  // The bank chooser lists the company's banks: the form starts once they are known (so the stored
  // bank shows as chosen, and nothing typed is swept away); refused, only « Banque par défaut ».
  const { data, error } = useStore($banks);
  if (data === undefined && error === undefined)
    return <LoadingScreen title={preferencesEntry(clientPaths.invoiceDocument).label} />;
  return <DocumentSettingsPage page={clientPaths.invoiceDocument} forms={invoiceForms(data ?? [])} />;
}

export const QuoteDocumentPage = () => (
  <DocumentSettingsPage page={clientPaths.quoteDocument} forms={quoteForms} />
);

export const TermsOfSalePage = () => (
  <DocumentSettingsPage page={clientPaths.termsOfSale} forms={termsForms} />
);
