import { getConfig } from '../../config/config';
import { logger } from '../../logging/logger';
import { platformPaths } from '../../routes/paths';
import { navigation } from '../../session/navigation';
import { $session } from '../../session/session';

const LOGOUT_LOG_MESSAGE = 'User logged out from the menu';

/**
 * 'Se déconnecter' (spec section 2: "Clicking logout is logged"), then the platform's /logout.
 *
 * Logged at info level, so to the console and not by beacon: the client forwards level 5 (error)
 * and above only, and a logout is no error: counting every logout as one would drown the real
 * errors in monitoring. The server records the logout anyway, since GET /logout reaches it.
 */
export function logout(): void {
  logger.info(LOGOUT_LOG_MESSAGE, { labels: { userId: $session.get().userId } });
  navigation.assign(`${getConfig().platformOrigin}${platformPaths.logout}`);
}
