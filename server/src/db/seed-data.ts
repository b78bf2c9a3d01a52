/**
 * Demo data: two construction companies with French customers, jobs, quotes, invoices, payments,
 * VAT rates, banks, notifications and measure groups. Plain data; seed.ts writes it.
 */

export interface DemoCompany {
  id: number;
  name: string;
  manager: [firstName: string, lastName: string];
  email: string;
  address: [street: string, zip: string, city: string];
  phone: string;
  siret: string;
  rcs: string;
  legalForm: string;
  capitalCents: number;
  foundationDate: string;
  apeCode: string;
  vatNumber: string;
  workforce: number;
  insurance: [name: string, address: string, contract: string];
  scopes: string[];
  plan: string;
  website: string;
  users: DemoUser[];
  customers: DemoCustomer[];
  banks: DemoBank[];
  /** Words used in this company's notifications, so that each company's texts are its own. */
  notificationFlavour: { sites: string[] };
}

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  job: string;
  phone: string;
  admin: boolean;
  locked?: boolean;
}

export interface DemoCustomer {
  type: 'professional' | 'private';
  civility: string;
  firstName: string;
  lastName: string;
  companyName?: string;
  job?: string;
  email: string;
  phone: string;
  cellPhone?: string;
  address: [street: string, zip: string, city: string];
  siret?: string;
  vatNumber?: string;
  /** A job for this customer: its name and the works of its quote (label, unit, quantity, unit price €, VAT %). */
  job_: {
    name: string;
    works: [string, string, number, number, number][];
    delivered?: boolean;
    retainage?: boolean;
  };
  comments?: string;
  customPaymentDeadline?: { rule: 'days' | 'endOfMonth' | 'dayOfMonth' | 'date'; value: number | string };
  customPaymentModes?: string[];
}

export interface DemoBank {
  name: string;
  bankCode: string;
  accountingNumber: string;
  bic: string;
  iban: string;
  address: [street: string, zip: string, city: string];
  phone: string;
  isDefault: boolean;
}

export const demoCompanies: DemoCompany[] = [
  {
    id: 1,
    name: 'Martin Rénovation',
    manager: ['Sophie', 'Martin'],
    email: 'contact@martin-renovation.fr',
    address: ['12 rue des Artisans', '69003', 'Lyon'],
    phone: '04 78 12 34 56',
    siret: '81234567600017',
    rcs: 'RCS Lyon 812 345 676',
    legalForm: 'SARL',
    capitalCents: 1_000_000,
    foundationDate: '2015-03-02',
    apeCode: '4399C',
    vatNumber: 'FR19812345676',
    workforce: 14,
    insurance: ['SMABTP', '8 rue Louis Armand, 75015 Paris', 'DEC-2024-118734'],
    scopes: ['gestion-de-chantier'],
    plan: 'Premium',
    website: 'https://www.martin-renovation.fr',
    users: [
      {
        email: 'admin@demo.fr',
        firstName: 'Sophie',
        lastName: 'Martin',
        job: 'Gérante',
        phone: '06 12 34 56 78',
        admin: true,
      },
      {
        email: 'user@demo.fr',
        firstName: 'Lucas',
        lastName: 'Bernard',
        job: 'Chef de chantier',
        phone: '06 23 45 67 89',
        admin: false,
      },
      {
        email: 'camille.petit@demo.fr',
        firstName: 'Camille',
        lastName: 'Petit',
        job: 'Assistante comptable',
        phone: '04 78 12 34 57',
        admin: false,
      },
      {
        email: 'thomas.leroy@demo.fr',
        firstName: 'Thomas',
        lastName: 'Leroy',
        job: 'Plaquiste',
        phone: '06 34 56 78 90',
        admin: false,
        locked: true,
      },
    ],
    banks: [
      {
        name: 'Crédit Agricole Centre-Est',
        bankCode: '17806',
        accountingNumber: '512100',
        bic: 'AGRIFRPP878',
        iban: 'FR7617806001230004567890197',
        address: ['1 rue Pierre de Truchis de Lays', '69410', "Champagne-au-Mont-d'Or"],
        phone: '04 72 52 80 00',
        isDefault: true,
      },
      {
        name: 'BNP Paribas Lyon Bellecour',
        bankCode: '30004',
        accountingNumber: '512200',
        bic: 'BNPAFRPPXXX',
        iban: 'FR7630004008190001234567879',
        address: ['2 place Bellecour', '69002', 'Lyon'],
        phone: '04 72 41 20 00',
        isDefault: false,
      },
    ],
    customers: [
      {
        type: 'private',
        civility: 'M.',
        firstName: 'Jean',
        lastName: 'Dupont',
        email: 'jean.dupont@orange.fr',
        phone: '04 78 45 12 36',
        cellPhone: '06 45 12 36 98',
        address: ['18 avenue Jean Jaurès', '69007', 'Lyon'],
        job_: {
          name: 'Rénovation salle de bains Dupont',
          works: [
            ['Dépose ancienne salle de bains', 'forfait', 1, 850, 10],
            ['Carrelage sol et faïence', 'm²', 24.5, 68, 10],
            ['Receveur de douche extra-plat', 'u', 1, 640, 10],
          ],
        },
      },
      {
        type: 'private',
        civility: 'Mme',
        firstName: 'Isabelle',
        lastName: 'Lefèvre',
        email: 'isabelle.lefevre@free.fr',
        phone: '04 72 33 18 40',
        address: ['5 chemin des Vignes', '69290', 'Craponne'],
        job_: {
          name: 'Isolation combles Lefèvre',
          works: [
            ['Isolation laine soufflée R=7', 'm²', 92, 32, 5.5],
            ["Trappe d'accès isolée", 'u', 1, 210, 5.5],
          ],
        },
        comments: 'Accès par le portail côté jardin.',
      },
      {
        type: 'professional',
        civility: 'M.',
        firstName: 'Olivier',
        lastName: 'Roux',
        companyName: 'SCI Les Terrasses du Rhône',
        job: 'Gérant',
        email: 'gestion@terrasses-rhone.fr',
        phone: '04 78 60 71 10',
        address: ['40 quai Perrache', '69002', 'Lyon'],
        siret: '52198765400014',
        vatNumber: 'FR18521987654',
        job_: {
          name: "Réfection cage d'escalier — Terrasses du Rhône",
          works: [
            ["Peinture cage d'escalier", 'm²', 310, 24, 10],
            ['Remplacement main courante', 'ml', 42, 95, 10],
          ],
          delivered: true,
        },
        customPaymentDeadline: { rule: 'endOfMonth', value: 45 },
      },
      {
        type: 'professional',
        civility: 'Mme',
        firstName: 'Claire',
        lastName: 'Fontaine',
        companyName: 'Bâti Sud Est SAS',
        job: 'Conductrice de travaux',
        email: 'c.fontaine@batisudest.fr',
        phone: '04 37 28 90 00',
        address: ['210 route de Vienne', '69008', 'Lyon'],
        siret: '44455566600023',
        vatNumber: 'FR42444555666',
        job_: {
          name: 'Sous-traitance cloisons — Résidence Les Cèdres',
          works: [
            ['Cloisons placo BA13 sur ossature', 'm²', 420, 38, 0],
            ['Bandes et enduits', 'm²', 420, 9.5, 0],
          ],
          retainage: true,
        },
        comments: 'Sous-traitance : autoliquidation de la TVA.',
        customPaymentModes: ['transfer', 'sepa'],
      },
      {
        type: 'professional',
        civility: 'M.',
        firstName: 'Patrick',
        lastName: 'Garnier',
        companyName: 'Mairie de Saint-Genis-Laval',
        job: 'Directeur des services techniques',
        email: 'services.techniques@saintgenislaval.fr',
        phone: '04 78 86 82 00',
        address: ['Place Joffre', '69230', 'Saint-Genis-Laval'],
        siret: '21690204400017',
        vatNumber: 'FR74216902044',
        job_: {
          name: 'Mise en accessibilité école Guilloux',
          works: [
            ["Rampe d'accès PMR béton", 'forfait', 1, 6400, 20],
            ['Sanitaires PMR', 'u', 2, 3150, 20],
          ],
        },
        customPaymentDeadline: { rule: 'days', value: 30 },
      },
      {
        type: 'private',
        civility: 'M. et Mme',
        firstName: 'Karim',
        lastName: 'Benali',
        email: 'k.benali@gmail.com',
        phone: '06 78 90 12 34',
        address: ['7 impasse des Lilas', '69120', 'Vaulx-en-Velin'],
        job_: {
          name: 'Extension cuisine Benali',
          works: [
            ['Ouverture mur porteur avec IPN', 'forfait', 1, 4200, 20],
            ['Chape et carrelage', 'm²', 18, 85, 20],
            ['Électricité cuisine', 'forfait', 1, 2300, 20],
          ],
        },
      },
      {
        type: 'private',
        civility: 'Mme',
        firstName: 'Monique',
        lastName: 'Girard',
        email: 'monique.girard@laposte.net',
        phone: '04 78 25 63 14',
        address: ['31 rue Victor Hugo', '69600', 'Oullins'],
        job_: {
          name: 'Remplacement fenêtres Girard',
          works: [
            ['Fenêtre PVC double vitrage', 'u', 6, 690, 5.5],
            ['Pose en rénovation', 'u', 6, 180, 5.5],
          ],
        },
      },
      {
        type: 'professional',
        civility: 'M.',
        firstName: 'Antoine',
        lastName: 'Mercier',
        companyName: 'Boulangerie Mercier',
        job: 'Artisan boulanger',
        email: 'contact@boulangerie-mercier.fr',
        phone: '04 78 37 44 21',
        address: ['88 cours Gambetta', '69007', 'Lyon'],
        siret: '79988877700015',
        vatNumber: 'FR27799888777',
        job_: {
          name: 'Réaménagement fournil Mercier',
          works: [
            ['Faux plafond coupe-feu', 'm²', 46, 58, 20],
            ['Revêtement de sol résine', 'm²', 46, 72, 20],
          ],
        },
      },
    ],
    notificationFlavour: { sites: ['Dupont', 'Terrasses du Rhône', 'école Guilloux', 'Benali', 'Mercier'] },
  },
  {
    id: 2,
    name: 'Bâtiments Durand',
    manager: ['Marc', 'Durand'],
    email: 'bureau@batiments-durand.fr',
    address: ['3 allée des Tanneurs', '44000', 'Nantes'],
    phone: '02 40 55 66 77',
    siret: '49876543700013',
    rcs: 'RCS Nantes 498 765 437',
    legalForm: 'SAS',
    capitalCents: 5_000_000,
    foundationDate: '2008-09-15',
    apeCode: '4120A',
    vatNumber: 'FR28498765437',
    workforce: 32,
    insurance: ['MAAF Pro', 'Chaban, 79180 Chauray', 'RCD-2023-550921'],
    scopes: [],
    plan: 'Essentiel',
    website: 'https://www.batiments-durand.fr',
    users: [
      {
        email: 'admin@autre-demo.fr',
        firstName: 'Marc',
        lastName: 'Durand',
        job: 'Président',
        phone: '06 11 22 33 44',
        admin: true,
      },
      {
        email: 'user@autre-demo.fr',
        firstName: 'Nathalie',
        lastName: 'Rousseau',
        job: 'Secrétaire de direction',
        phone: '02 40 55 66 78',
        admin: false,
      },
      {
        email: 'yann.le-goff@autre-demo.fr',
        firstName: 'Yann',
        lastName: 'Le Goff',
        job: 'Maçon',
        phone: '06 55 44 33 22',
        admin: false,
      },
    ],
    banks: [
      {
        name: 'Crédit Mutuel de Loire-Atlantique',
        bankCode: '15589',
        accountingNumber: '512100',
        bic: 'CMBRFR2BARK',
        iban: 'FR7615589440000123456789049',
        address: ['10 rue de Rieux', '44000', 'Nantes'],
        phone: '02 40 12 34 56',
        isDefault: true,
      },
      {
        name: 'Société Générale Nantes Commerce',
        bankCode: '30003',
        accountingNumber: '512300',
        bic: 'SOGEFRPP',
        iban: 'FR7630003005000005012345617',
        address: ['2 place du Commerce', '44000', 'Nantes'],
        phone: '02 40 89 00 00',
        isDefault: false,
      },
    ],
    customers: [
      {
        type: 'private',
        civility: 'M.',
        firstName: 'Erwan',
        lastName: 'Kerbrat',
        email: 'erwan.kerbrat@wanadoo.fr',
        phone: '02 40 71 22 33',
        address: ['14 rue de la Marne', '44300', 'Nantes'],
        job_: {
          name: 'Construction garage Kerbrat',
          works: [
            ['Fondations et dalle', 'm²', 36, 145, 20],
            ['Élévation parpaings', 'm²', 58, 92, 20],
          ],
        },
      },
      {
        type: 'professional',
        civility: 'Mme',
        firstName: 'Hélène',
        lastName: 'Morvan',
        companyName: 'Nantes Habitat',
        job: "Chargée d'opérations",
        email: 'h.morvan@nantes-habitat.fr',
        phone: '02 40 67 07 07',
        address: ['26 place Rosa Parks', '44200', 'Nantes'],
        siret: '27440001900015',
        vatNumber: 'FR63274400019',
        job_: {
          name: 'Ravalement résidence Malakoff',
          works: [
            ['Échafaudage', 'forfait', 1, 9800, 10],
            ['Ravalement enduit', 'm²', 640, 48, 10],
          ],
          retainage: true,
        },
      },
      {
        type: 'private',
        civility: 'Mme',
        firstName: 'Anne',
        lastName: 'Le Bihan',
        email: 'anne.lebihan@sfr.fr',
        phone: '02 51 80 40 12',
        address: ['9 boulevard des Anglais', '44100', 'Nantes'],
        job_: {
          name: 'Rénovation énergétique Le Bihan',
          works: [
            ["Isolation murs par l'extérieur", 'm²', 120, 135, 5.5],
            ['Pompe à chaleur air/eau', 'u', 1, 11800, 5.5],
          ],
        },
      },
      {
        type: 'professional',
        civility: 'M.',
        firstName: 'Gilles',
        lastName: 'Perrin',
        companyName: 'Charpentes Perrin SARL',
        job: 'Gérant',
        email: 'gilles@charpentes-perrin.fr',
        phone: '02 40 03 45 67',
        address: ['ZA de la Bérangerais', '44240', 'La Chapelle-sur-Erdre'],
        siret: '38812345600021',
        vatNumber: 'FR34388123456',
        job_: {
          name: 'Sous-traitance maçonnerie — Lotissement Les Forges',
          works: [['Murs de refend', 'm²', 210, 88, 0]],
        },
      },
    ],
    notificationFlavour: { sites: ['Kerbrat', 'résidence Malakoff', 'Le Bihan', 'Les Forges'] },
  },
];

/** The VAT rates every demo company has (spec: 20 %, 10 %, 5,5 % and 0 % for autoliquidation). */
export const demoVatRates = [
  {
    internalName: 'TVA normale',
    pdfName: 'TVA 20 %',
    basisPoints: 2000,
    isDefault: true,
    account: '445712',
    product: '706100',
    regulatory: '',
    certificate: '',
  },
  {
    internalName: 'TVA intermédiaire',
    pdfName: 'TVA 10 %',
    basisPoints: 1000,
    isDefault: false,
    account: '445711',
    product: '706110',
    regulatory:
      "Travaux d'amélioration de locaux d'habitation achevés depuis plus de deux ans (article 279-0 bis du CGI).",
    certificate: 'Attestation simplifiée de TVA à taux réduit à fournir par le client.',
  },
  {
    internalName: 'TVA réduite',
    pdfName: 'TVA 5,5 %',
    basisPoints: 550,
    isDefault: false,
    account: '445713',
    product: '706120',
    regulatory: "Travaux d'amélioration de la qualité énergétique (article 278-0 bis A du CGI).",
    certificate: 'Attestation simplifiée de TVA à taux réduit à fournir par le client.',
  },
  {
    internalName: 'Autoliquidation',
    pdfName: 'Autoliquidation',
    basisPoints: 0,
    isDefault: false,
    account: '445714',
    product: '706130',
    regulatory: 'Autoliquidation — TVA due par le preneur, article 283-2 nonies du CGI.',
    certificate: '',
  },
] as const;
