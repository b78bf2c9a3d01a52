import { useStore } from '@nanostores/react';
import { $session } from '../../session/session';
import { NotLoggedIn } from './NotLoggedIn';

/** Covers the page with 'Vous n'êtes pas connecté !' once the session is lost. */
export function SessionGuard() {
  const { status } = useStore($session);
  if (status === 'signed-out') return <NotLoggedIn />;
  return null;
}
