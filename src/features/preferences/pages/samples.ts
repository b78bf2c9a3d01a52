/**
 * Settings as a company has them, shown by the preferences stories and used by the screens' tests:
 * one place, so a new field is added once.
 */
import type { CostSettings, VatRateDetail } from '../../../api/preferences';
import type { User } from '../../../api/users';
import { sampleComputedCosts, sampleCostFigures } from '../../../contract/testing/costs';

/** The default rate, already used by invoice lines (its percentage is locked), and an unused one. */
export const sampleVatRates: [VatRateDetail, VatRateDetail] = [
  {
    id: 1,
    internalName: 'TVA normale',
    pdfName: 'TVA 20 %',
    regulatoryText: '',
    customerCertificateText: '',
    showInSummary: true,
    basisPoints: 2000,
    isDefault: true,
    vatAccountCode: '445712',
    productAccountCode: '706100',
    version: 1,
    used: true,
  },
  {
    id: 2,
    internalName: 'TVA réduite',
    pdfName: 'TVA 5,5 %',
    regulatoryText: 'Article 278-0 bis A du CGI.',
    customerCertificateText: '',
    showInSummary: true,
    basisPoints: 550,
    isDefault: false,
    vatAccountCode: '445713',
    productAccountCode: '706120',
    version: 1,
    used: false,
  },
];

/** The admin (the signed-in user, id 1) and a colleague. */
export const sampleUsers: [User, User] = [
  {
    id: 1,
    locked: false,
    admin: true,
    lastName: 'Martin',
    firstName: 'Sophie',
    job: 'Gérante',
    email: 'admin@demo.fr',
    phone: '',
    version: 1,
  },
  {
    id: 2,
    locked: false,
    admin: false,
    lastName: 'Petit',
    firstName: 'Camille',
    job: 'Conductrice de travaux',
    email: 'camille@demo.fr',
    phone: '',
    version: 3,
  },
];

export const sampleCosts: CostSettings = {
  ...sampleCostFigures,
  materialPurchaseCostCents: 12_000_000,
  labourCoefficientMilli: 1350,
  materialsCoefficientMilli: 1200,
  version: 1,
  computed: sampleComputedCosts,
};
