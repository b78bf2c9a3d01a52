import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApplicationHomeView, ApplicationsView } from '../../src/features/applications/ApplicationsScreen';
import type { Application } from '../../src/features/applications/api';
import {
  pix4dConnected,
  pix4dNotConnected,
  semaNotConnected,
} from '../../src/features/applications/testing/measureFixtures';

/** The screens over their state: connecting answers a made-up key, as the server would once. */
const actions = {
  onConnect: async (type: Application['type']) => ({
    application: { ...pix4dConnected, type, label: type === 'pix4d' ? 'Pix4D' : 'SEMA' },
    apiKey: 'bo_pix4d_7Fq2Lw9xR4mT8vK1cZ6nH3pJ5sD0gB2e',
  }),
  onDisconnect: async (type: Application['type']) => ({ ...pix4dNotConnected, type }),
};

function ApplicationsStory({
  applications,
  shownKey,
}: {
  applications: Application[] | undefined;
  shownKey?: { type: Application['type']; apiKey: string };
}) {
  return (
    <ApplicationsView
      applications={applications}
      failed={false}
      onRetry={() => {}}
      shownKey={shownKey}
      {...actions}
    />
  );
}

const meta: Meta<typeof ApplicationsStory> = {
  title: 'Applications/Mes applications',
  component: ApplicationsStory,
};
export default meta;
type Story = StoryObj<typeof ApplicationsStory>;

/** A new company: neither application is connected; « Connecter Pix4D » shows the key once. */
export const NotConnected: Story = { args: { applications: [pix4dNotConnected, semaNotConnected] } };

/** Pix4D connected: its last data and groups; « Régénérer la clé » and « Déconnecter » ask first. */
export const Connected: Story = { args: { applications: [pix4dConnected, semaNotConnected] } };

/** Just connected: the key in its dialog, shown this once, with « Copier la clé » and the warning. */
export const KeyShownOnce: Story = {
  args: {
    applications: [pix4dConnected, semaNotConnected],
    shownKey: { type: 'pix4d', apiKey: 'bo_pix4d_7Fq2Lw9xR4mT8vK1cZ6nH3pJ5sD0gB2e' },
  },
};

/** Pix4D's home: its state, its keys (creation date, last use, revoked), how to import. */
export const Pix4dHome: StoryObj<typeof ApplicationHomeView> = {
  render: () => (
    <ApplicationHomeView
      type="pix4d"
      application={pix4dConnected}
      failed={false}
      onRetry={() => {}}
      {...actions}
    />
  ),
};

/** SEMA's home before it is connected: no key yet. */
export const SemaHomeNotConnected: StoryObj<typeof ApplicationHomeView> = {
  render: () => (
    <ApplicationHomeView
      type="sema"
      application={semaNotConnected}
      failed={false}
      onRetry={() => {}}
      {...actions}
    />
  ),
};
