import { SCOPE_SITE_MANAGEMENT } from '../../config/constants';
import { clientPaths, platformPaths } from '../../routes/paths';

/**
 * A top-menu entry (spec section 2, "Menu item fields": label, url, optional scope, optional
 * children, optional position right), plus what the menu needs to behave:
 * - `alsoActiveFor`: the spec's "also active for" rules: other pages that make this entry the
 *   current one; a pattern ending in `/*` covers the path and everything under it;
 * - `newTab`: opens in a new tab (help); other sites always do;
 * - `action: 'logout'`: logged before leaving.
 * A url is site-relative: platform paths (/app/…, /logout, …) go to the platform origin, the
 * others to the client area (see routes/links.ts).
 */
export interface MenuItem {
  label: string;
  url: string;
  scope?: string;
  children?: MenuEntry[];
  position?: 'right';
  alsoActiveFor?: string[];
  newTab?: boolean;
  action?: 'logout';
}

export interface MenuDivider {
  divider: true;
}

export type MenuEntry = MenuItem | MenuDivider;

export const isDivider = (entry: MenuEntry): entry is MenuDivider => 'divider' in entry;

const under = (path: string) => `${path}/*`;

/**
 * The top menu, in the spec's order: one definition for `<bo-nav-bar>` and the SPA. The help link
 * goes where the configuration says (config.helpUrl, the FAQ by default).
 */
export function topMenu({ helpUrl = platformPaths.help }: { helpUrl?: string } = {}): MenuItem[] {
  return [
    {
      label: 'Affaires',
      url: clientPaths.deals,
      alsoActiveFor: [under(clientPaths.deals), clientPaths.myDeals],
    },
    { label: 'Devis', url: platformPaths.quotePreparation },
    { label: 'Gestion chantier', url: platformPaths.siteManagement, scope: SCOPE_SITE_MANAGEMENT },
    {
      label: 'Facturation',
      url: clientPaths.invoicing,
      children: [
        {
          label: 'Mes factures',
          url: clientPaths.invoices,
          alsoActiveFor: [
            under(clientPaths.invoices),
            clientPaths.invoiceEditEntry,
            under(clientPaths.newInvoiceFromQuote),
            clientPaths.simpleInvoicing,
          ],
        },
        {
          label: 'Exports de facturation',
          url: clientPaths.invoicingExports,
          alsoActiveFor: [under(clientPaths.invoicingExports), platformPaths.exportData],
        },
        { divider: true },
        {
          label: 'Règlements',
          url: clientPaths.paymentsPending,
          // The payment pages, the bank-journal export among them.
          alsoActiveFor: [clientPaths.payments, under(clientPaths.payments)],
        },
        {
          label: 'Gestion des banques',
          url: clientPaths.bankManagement,
          alsoActiveFor: [under(clientPaths.bankManagement)],
        },
      ],
    },
    {
      label: 'Mes applications',
      url: clientPaths.applications,
      alsoActiveFor: [under(clientPaths.applications)],
      children: [
        { label: 'Pix4D', url: clientPaths.pix4d, alsoActiveFor: [under(clientPaths.pix4d)] },
        { label: 'SEMA', url: clientPaths.sema, alsoActiveFor: [under(clientPaths.sema)] },
      ],
    },
    { label: 'Base de données', url: platformPaths.database },
    { label: 'Gestion clients', url: clientPaths.customers, alsoActiveFor: [under(clientPaths.customers)] },
    { label: "Suivi d'activité", url: platformPaths.reporting },
    {
      label: 'Profil',
      url: platformPaths.myAccount,
      position: 'right',
      children: [
        {
          label: 'Mon compte',
          url: platformPaths.myAccount,
          alsoActiveFor: [clientPaths.myAccountPreferences, clientPaths.preferences],
        },
        { label: 'Réglages', url: clientPaths.companyInfo, alsoActiveFor: [under(clientPaths.preferences)] },
        { label: 'Mon abonnement', url: platformPaths.subscription },
        { divider: true },
        { label: 'Se déconnecter', url: platformPaths.logout, action: 'logout' },
      ],
    },
    { label: 'Aide', url: helpUrl, position: 'right', newTab: true },
  ];
}

/** The entries this user may see: an entry with a scope needs it granted (spec section 6). */
export function visibleMenu(menu: MenuItem[], scopes: readonly string[]): MenuItem[] {
  const allowed = (entry: MenuEntry) => isDivider(entry) || !entry.scope || scopes.includes(entry.scope);
  const prune = (entries: MenuEntry[]): MenuEntry[] =>
    entries
      .filter(allowed)
      .map((entry) =>
        isDivider(entry) || !entry.children ? entry : { ...entry, children: prune(entry.children) },
      );
  return prune(menu) as MenuItem[];
}
