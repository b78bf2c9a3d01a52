/** Customers for tests and stories (valid SIRET and VAT keys, French addresses). */
import type { Customer, CustomerSettings } from '../../../api/customers';

export const customerSettings: CustomerSettings = {
  nextCustomerCode: '00012',
  paymentDeadline: { rule: 'days', value: 30 },
  paymentModes: ['transfer', 'check'],
};

export const professionalCustomer: Customer = {
  id: 42,
  type: 'professional',
  civility: 'Mme',
  firstName: 'Claire',
  lastName: 'Fontaine',
  companyName: 'SCI Les Terrasses du Rhône',
  job: 'Gérante',
  email: 'claire.fontaine@terrasses-rhone.fr',
  phone: '04 78 12 34 56',
  cellPhone: '06 12 34 56 78',
  fax: '',
  address: '12 quai Perrache',
  zipCode: '69002',
  city: 'Lyon',
  country: 'France',
  vatNumber: 'FR18521987654',
  siret: '52198765400014',
  customerCode: '00003',
  customerCodeAuto: true,
  paymentDeadline: { rule: 'endOfMonth', value: 45 },
  paymentModes: ['transfer', 'sepa'],
  comments: 'Accès au chantier par la cour.',
  version: 3,
};

export const privateCustomer: Customer = {
  ...professionalCustomer,
  id: 43,
  type: 'private',
  civility: 'M.',
  firstName: 'Julien',
  lastName: 'Moreau',
  companyName: '',
  job: '',
  email: 'julien.moreau@exemple.fr',
  vatNumber: '',
  siret: '',
  customerCode: '00004',
  paymentDeadline: null,
  paymentModes: null,
  comments: '',
};

const cities = [
  ['69003', 'Lyon'],
  ['38200', 'Vienne'],
  ['42000', 'Saint-Étienne'],
  ['01000', 'Bourg-en-Bresse'],
] as const;
const lastNames = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'];

/** `count` customers alternating professional and private, numbered from `from`. */
export function makeCustomers(count: number, from = 1): Customer[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    const [zipCode, city] = cities[n % cities.length]!;
    const lastName = lastNames[n % lastNames.length]!;
    const professional = n % 2 === 1;
    return {
      ...privateCustomer,
      id: n,
      type: professional ? 'professional' : 'private',
      lastName,
      firstName: professional ? '' : 'Alex',
      companyName: professional ? `${lastName} Bâtiment ${n}` : '',
      email: `contact${n}@exemple.fr`,
      zipCode,
      city,
      customerCode: String(n).padStart(5, '0'),
    } satisfies Customer;
  });
}
