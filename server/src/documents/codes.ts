/**
 * The code lists the CII XML speaks (UN/ECE Rec 20 units, ISO 3166 countries, UNTDID 4461 payment
 * means, UNTDID 1001 document types) from the product's own words, and the French words the PDF
 * prints for the same things (the payment modes' are the contract's: src/contract/paymentTerms.ts).
 */
import { isFrance } from '../../../src/contract/fields.js';
import type { InvoiceDocument } from './invoice-data.js';

/**
 * The units tradespeople type (m², ml, h, forfait…) → UN/ECE Recommendation 20 codes (BT-130), the
 * list the Factur-X schematron checks. Keys are written as `unitKey` reads a typed unit: lower case,
 * no spaces, dots or trailing plural « s », superscripts as digits.
 */
const unitCodes: Record<string, string> = {
  u: 'C62',
  un: 'C62',
  unite: 'C62',
  piece: 'H87',
  pce: 'H87',
  pc: 'H87',
  forfait: 'LS',
  forf: 'LS',
  fft: 'LS',
  ft: 'LS',
  lot: 'LS',
  ens: 'SET',
  ensemble: 'SET',
  mm: 'MMT',
  cm: 'CMT',
  m: 'MTR',
  ml: 'MTR',
  metre: 'MTR',
  metrelineaire: 'MTR',
  km: 'KMT',
  m2: 'MTK',
  metrecarre: 'MTK',
  m3: 'MTQ',
  metrecube: 'MTQ',
  h: 'HUR',
  hr: 'HUR',
  heure: 'HUR',
  min: 'MIN',
  j: 'DAY',
  jr: 'DAY',
  jour: 'DAY',
  sem: 'WEE',
  semaine: 'WEE',
  mois: 'MON',
  kg: 'KGM',
  t: 'TNE',
  tonne: 'TNE',
  l: 'LTR',
  litre: 'LTR',
};

/** A typed unit as the table's keys write it (« M² » → m2, « m.l. » → ml, « heures » → heure). */
function unitKey(unit: string): string {
  const plain = unit
    .trim()
    .toLowerCase()
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s.]/g, '');
  return plain.length > 2 && plain.endsWith('s') && !unitCodes[plain] ? plain.slice(0, -1) : plain;
}

/** The unit's Rec 20 code; a unit the table does not know is counted in units (C62, « one »). */
export const unitCode = (unit: string) => unitCodes[unitKey(unit)] ?? 'C62';

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

/**
 * BT-23, the French reform's « cadre de facturation » (ram:BusinessProcessSpecifiedDocumentContextParameter):
 * its letter is the nature of the operation (B goods, S services, M both, neither accessory to the
 * other), its digit the invoice's place in the deal: 4 for the final invoice after deposits (the
 * final invoice that deducts them; never a deposit invoice, BR-FR-CO-08), 1 for every other invoice
 * the product issues (deposit, progress statement, simple, credit note). Not 5 for a subcontractor:
 * S5 is the subcontractor's invoice paid directly by the project owner, not our invoice to the main
 * contractor under reverse charge. Sources in docs/decisions.md (« Factur-X: structured data »).
 */
export function billingFrameworkCode(
  document: Pick<InvoiceDocument, 'kind' | 'amounts' | 'settings'>,
): string {
  const letter = { goods: 'B', services: 'S', mixed: 'M' }[document.settings.operationNature];
  const afterDeposits = document.kind === 'final' && document.amounts.depositHt !== 0;
  return `${letter}${afterDeposits ? '4' : '1'}`;
}

/**
 * BT-8, when the VAT falls due (UNTDID 2475 as the CII writes it, in each VAT breakdown): 72 « on
 * payment » for works and services without the option for the debits (CGI art. 269-2-c) and for a
 * deposit on goods (CGI art. 269-2-a: VAT on a deposit is due when it is received); 5 « on the
 * invoice's date » with the debits option, and for goods delivered. A mixed invoice follows its
 * services (construction works are services for VAT): one code per VAT breakdown cannot split it.
 */
export function vatDueDateTypeCode(document: Pick<InvoiceDocument, 'kind' | 'settings'>): '5' | '72' {
  const { operationNature, vatOnDebits } = document.settings;
  if (operationNature === 'goods') return document.kind === 'deposit' ? '72' : '5';
  return vatOnDebits ? '5' : '72';
}

export const operationNatureLabels = {
  goods: 'Livraison de biens',
  services: 'Prestation de services',
  mixed: 'Livraison de biens et prestation de services',
} as const;
