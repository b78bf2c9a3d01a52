import { Component, type ErrorInfo, type ReactNode } from 'react';
import { shellMessages } from '../../i18n/shellMessages';
import { logger } from '../../logging/logger';
import { button } from '../button.css';
import { FrenchText } from '../FrenchText';
import * as styles from './errorBoundary.css';

interface Props {
  children: ReactNode;
  /** Names the area in the log, to tell boundaries apart. */
  area?: string;
}

/** Catches a render error of its subtree, logs it and shows a French message instead of a blank. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logger.error(error.message, {
      error,
      labels: { area: this.props.area, componentStack: info.componentStack },
    });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={styles.panel} role="alert">
        <p>
          <FrenchText>{shellMessages.unexpectedError}</FrenchText>
        </p>
        <button type="button" className={button.secondary} onClick={() => window.location.reload()}>
          {shellMessages.reload}
        </button>
      </div>
    );
  }
}
