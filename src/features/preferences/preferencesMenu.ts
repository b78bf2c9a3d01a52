import { clientPaths, type PreferencesPage, platformPaths, preferencesPages } from '../../routes/paths';
import type { PlatformEquivalent } from '../coming-soon/ComingSoon';

export interface PreferencesEntry {
  path: PreferencesPage;
  /** French label, after the spec's "Settings screens" (docs/routes.md says which is which). */
  label: string;
  /** Other pages on which this entry is the current one (spec: "also active for"). */
  alsoActiveFor?: string[];
  /** The platform page that does this job today, while the SPA's screen is not built. */
  platformEquivalent?: PlatformEquivalent;
}

const labels: Record<PreferencesPage, string> = {
  [clientPaths.myAccountPreferences]: 'Mon compte',
  [clientPaths.companyInfo]: "Informations de l'entreprise",
  [clientPaths.userManagement]: 'Gestion des utilisateurs',
  [clientPaths.vatManagement]: 'Gestion de la TVA',
  [clientPaths.customerSettings]: 'Format du code client',
  [clientPaths.invoiceSettings]: "Paramètres d'envoi",
  [clientPaths.invoiceDocument]: 'Paramètres des factures',
  [clientPaths.quoteDocument]: 'Paramètres des devis',
  [clientPaths.generalDocuments]: 'Paramètres généraux des documents',
  [clientPaths.documentFormats]: 'Format des documents',
  [clientPaths.termsOfSale]: 'Conditions générales de vente',
  [clientPaths.costsAndPrices]: 'Coûts et prix de vente',
  [clientPaths.accounting]: 'Comptabilité',
  [clientPaths.bankManagement]: 'Gestion des banques',
};

/** The side menu of the preferences, in the spec's order of the preferences routes. */
export const preferencesMenu: PreferencesEntry[] = preferencesPages.map((path) => {
  const entry: PreferencesEntry = { path, label: labels[path] };
  if (path === clientPaths.myAccountPreferences) {
    // Spec: "/preferences/mon-compte (also active for /preferences/ and the subscription page)".
    entry.alsoActiveFor = [clientPaths.preferences, platformPaths.subscription];
    entry.platformEquivalent = { label: 'Ouvrir Mon compte sur la plateforme', url: platformPaths.myAccount };
  }
  return entry;
});

const withoutTrailingSlash = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** True when the entry is the current one for this page address (pathname, any case). */
export function isCurrentPreference(entry: PreferencesEntry, pathname: string): boolean {
  const page = withoutTrailingSlash(pathname).toLowerCase();
  return [entry.path, ...(entry.alsoActiveFor ?? [])].some((path) => path === page);
}

export function preferencesEntry(path: PreferencesPage): PreferencesEntry {
  return preferencesMenu.find((entry) => entry.path === path) ?? (preferencesMenu[0] as PreferencesEntry);
}
