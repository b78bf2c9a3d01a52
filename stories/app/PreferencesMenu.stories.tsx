import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComingSoon } from '../../src/features/coming-soon/ComingSoon';
import { PreferencesMenu } from '../../src/features/preferences/PreferencesMenu';
import * as styles from '../../src/features/preferences/preferences.css';
import { platformPaths } from '../../src/routes/paths';

/** The preferences' side menu, with the current entry for a few addresses of the spec. */
const meta: Meta<typeof PreferencesMenu> = {
  title: 'App/Preferences menu',
  component: PreferencesMenu,
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <PreferencesMenu {...args} />
    </div>
  ),
};
export default meta;
type Story = StoryObj<typeof PreferencesMenu>;

export const MyAccount: Story = { name: 'Mon compte', args: { pathname: '/preferences/mon-compte' } };

/** Spec: Mon compte is also current on /preferences/ … */
export const PreferencesRoot: Story = {
  name: '/preferences/ (Mon compte)',
  args: { pathname: '/preferences/' },
};

/** … and on the subscription page. */
export const SubscriptionPage: Story = {
  name: "Page d'abonnement (Mon compte)",
  args: { pathname: platformPaths.subscription },
};

export const TermsOfSale: Story = {
  name: 'Conditions générales de vente',
  args: { pathname: '/preferences/documents/conditions-generales-de-vente' },
};

/** As the SPA lays it out: the menu beside the page. */
export const WithPage: Story = {
  name: 'Avec la page',
  render: () => (
    <div className={styles.layout}>
      <PreferencesMenu pathname="/preferences/gestion-tva" />
      <ComingSoon area="Gestion de la TVA" />
    </div>
  ),
};
