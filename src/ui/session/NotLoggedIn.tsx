import { useEffect, useRef } from 'react';
import { shellMessages } from '../../i18n/shellMessages';
import { goToLogin } from '../../session/navigation';
import { button } from '../button.css';
import { FrenchText } from '../FrenchText';
import * as styles from './sessionScreens.css';

/**
 * 'Vous n'êtes pas connecté !': the session store sends the browser to the login page 5 s after
 * showing this; the button goes at once.
 */
export function NotLoggedIn() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), []);
  return (
    <div
      className={styles.screen}
      role="alertdialog"
      aria-labelledby="bo-not-logged-in-title"
      aria-modal="true"
    >
      <h1 id="bo-not-logged-in-title" className={styles.title}>
        <FrenchText>{shellMessages.notLoggedInTitle}</FrenchText>
      </h1>
      <p className={styles.text}>
        <FrenchText>{shellMessages.notLoggedInText}</FrenchText>
      </p>
      <button ref={buttonRef} type="button" className={button.primary} onClick={goToLogin}>
        {shellMessages.signIn}
      </button>
    </div>
  );
}
