/**
 * The code lists the CII XML speaks (UN/ECE Rec 20 units, ISO 3166 countries, UNTDID 4461 payment
 * means, UNTDID 1001 document types) from the product's own words, and the French words the PDF
 * prints for the same things (the payment modes' are the contract's: src/contract/paymentTerms.ts).
 */
import { isFrance } from '../../../src/contract/fields.js';
import type { InvoiceDocument } from './invoice-data.js';

/** The units tradespeople type (m², ml, h, forfait…) → UN/ECE Recommendation 20 codes. */
const unitCodes: Record<string, string> = {
  u: 'C62',
  un: 'C62',
  unité: 'C62',
  pièce: 'H87',
  pce: 'H87',
  forfait: 'LS',
  ens: 'SET',
  ensemble: 'SET',
  m: 'MTR',
  ml: 'MTR',
  'm²': 'MTK',
  m2: 'MTK',
  'm³': 'MTQ',
  m3: 'MTQ',
  h: 'HUR',
  heure: 'HUR',
  j: 'DAY',
  jour: 'DAY',
  kg: 'KGM',
  t: 'TNE',
  l: 'LTR',
};

export const unitCode = (unit: string) => unitCodes[unit.trim().toLowerCase()] ?? 'C62';

/** Country names as typed in the customer sheet (French) → ISO 3166-1 alpha-2. */
const countryCodes: Record<string, string> = {
  allemagne: 'DE',
  andorre: 'AD',
  autriche: 'AT',
  belgique: 'BE',
  bulgarie: 'BG',
  canada: 'CA',
  chypre: 'CY',
  croatie: 'HR',
  danemark: 'DK',
  espagne: 'ES',
  estonie: 'EE',
  'etats-unis': 'US',
  finlande: 'FI',
  grece: 'GR',
  hongrie: 'HU',
  irlande: 'IE',
  italie: 'IT',
  lettonie: 'LV',
  lituanie: 'LT',
  luxembourg: 'LU',
  malte: 'MT',
  maroc: 'MA',
  monaco: 'MC',
  norvege: 'NO',
  'pays-bas': 'NL',
  pologne: 'PL',
  portugal: 'PT',
  'republique tcheque': 'CZ',
  tchequie: 'CZ',
  roumanie: 'RO',
  'royaume-uni': 'GB',
  slovaquie: 'SK',
  slovenie: 'SI',
  suede: 'SE',
  suisse: 'CH',
  tunisie: 'TN',
  algerie: 'DZ',
};

/**
 * A typed country → its ISO code: France (empty, « France », « FR »), a known French name, a typed
 * two-letter code, else the VAT number's prefix (an EU VAT number starts with its country; Greece's
 * is EL), else France.
 */
export function countryCode(country: string, vatNumber = ''): string {
  if (isFrance(country)) return 'FR';
  const plain = country
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s*-\s*|\s+/g, (m) => (m.includes('-') ? '-' : ' '));
  const known = countryCodes[plain] ?? countryCodes[plain.replace(/ /g, '-')];
  if (known) return known;
  if (/^[a-z]{2}$/.test(plain)) return plain.toUpperCase();
  const prefix = vatNumber.trim().slice(0, 2).toUpperCase();
  if (/^[A-Z]{2}$/.test(prefix)) return prefix === 'EL' ? 'GR' : prefix;
  return 'FR';
}

/** UNTDID 4461 payment means of each payment mode (null: not a means to pay this invoice). */
export const paymentMeansCodes: Record<string, string | null> = {
  transfer: '58',
  check: '20',
  card: '48',
  cash: '10',
  sepa: '59',
  avoir: null,
};

/** UNTDID 1001: 380 commercial invoice, 386 prepayment (deposit) invoice, 381 credit note. */
export function documentTypeCode(kind: InvoiceDocument['kind']): string {
  if (kind === 'credit_note') return '381';
  if (kind === 'deposit') return '386';
  return '380';
}

/** The document's French name when the settings give none for its kind. */
export function documentKindName(document: Pick<InvoiceDocument, 'kind' | 'settings'>): string {
  switch (document.kind) {
    case 'credit_note':
      return 'Avoir';
    case 'deposit':
      return "Facture d'acompte";
    case 'progress':
      return 'Situation de travaux';
    case 'final':
      return 'Facture de solde';
    default:
      return document.settings.invoiceTitle || 'Facture';
  }
}

export const operationNatureLabels = {
  goods: 'Livraison de biens',
  services: 'Prestation de services',
  mixed: 'Livraison de biens et prestation de services',
} as const;
