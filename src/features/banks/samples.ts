/** A company's banks (the default first), shown by the stories and used by the screens' tests. */
import type { Bank } from '../../api/banks';

export const sampleBanks: [Bank, Bank] = [
  {
    id: 1,
    name: 'Crédit Agricole Centre-Est',
    bankCode: '17806',
    accountingNumber: '512100',
    bic: 'AGRIFRPP878',
    iban: 'FR7617806001230004567890197',
    address: '1 rue Pierre de Truchis de Lays',
    zipCode: '69410',
    city: "Champagne-au-Mont-d'Or",
    country: 'France',
    phone: '04 72 52 80 00',
    isDefault: true,
    version: 1,
  },
  {
    id: 2,
    name: 'BNP Paribas Lyon Bellecour',
    bankCode: '30004',
    accountingNumber: '512200',
    bic: 'BNPAFRPPXXX',
    iban: 'FR7630004008190001234567879',
    address: '2 place Bellecour',
    zipCode: '69002',
    city: 'Lyon',
    country: 'France',
    phone: '04 72 41 20 00',
    isDefault: false,
    version: 3,
  },
];
