import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { OfflineModal } from '../../src/ui/offline/OfflineModal';
import { $online } from '../../src/ui/offline/online';
import { NotLoggedIn } from '../../src/ui/session/NotLoggedIn';
import { Redirecting } from '../../src/ui/session/Redirecting';

const meta: Meta = { title: 'Shell/Session and network' };
export default meta;

/** Shown when renewal or validation fails; the login page follows after 5 s. */
export const NotLoggedInScreen: StoryObj = { render: () => <NotLoggedIn /> };

/** Shown while an undecodable token sends the browser to the login page. */
export const RedirectingScreen: StoryObj = { render: () => <Redirecting /> };

function Offline() {
  useEffect(() => {
    $online.set(false);
    return () => $online.set(navigator.onLine);
  }, []);
  return <OfflineModal />;
}

/** The browser is offline: 'Tentative de connexion' until it is back. */
export const OfflineModalOpen: StoryObj = { render: () => <Offline /> };
