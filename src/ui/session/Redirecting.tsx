import { shellMessages } from '../../i18n/shellMessages';
import { FrenchText } from '../FrenchText';
import * as styles from './sessionScreens.css';

/** 'Redirection en cours...': the token could not be used and the login page is on its way. */
export function Redirecting() {
  return (
    <div className={styles.screen} role="status">
      <p className={styles.text}>
        <FrenchText>{shellMessages.redirecting}</FrenchText>
      </p>
    </div>
  );
}
