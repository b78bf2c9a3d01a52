import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComingSoon } from '../../src/features/coming-soon/ComingSoon';
import { NotFound } from '../../src/features/not-found/NotFound';
import { platformPaths } from '../../src/routes/paths';

/** The SPA's plain screens: an area not built yet, an address that matches no route. */
const meta: Meta = { title: 'App/Panels' };
export default meta;

export const ComingSoonPlain: StoryObj = {
  name: 'Bientôt disponible',
  render: () => <ComingSoon area="Règlements en attente" />,
};

export const ComingSoonWithDetail: StoryObj = {
  name: 'Bientôt disponible, une facture',
  render: () => <ComingSoon area="Modification de facture" detail="Facture n° 4521" />,
};

export const ComingSoonWithPlatformEquivalent: StoryObj = {
  name: 'Bientôt disponible, avec la page de la plateforme',
  render: () => (
    <ComingSoon
      area="Exports de facturation"
      platformEquivalent={{
        label: "Ouvrir l'export des données sur la plateforme",
        url: platformPaths.exportData,
      }}
    />
  ),
};

export const PageNotFound: StoryObj = {
  name: 'Page introuvable',
  render: () => <NotFound path="/gestion-clients/abc" />,
};

export const PageNotFoundLongAddress: StoryObj = {
  name: 'Page introuvable, adresse longue',
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <NotFound path="/facturation/reglements/export-bordereau-remise-cheque/une-adresse-tres-longue-sans-espace" />
    </div>
  ),
};
