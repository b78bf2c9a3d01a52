import { useStore } from '@nanostores/react';
import { shellMessages } from '../../i18n/shellMessages';
import { FrenchText } from '../FrenchText';
import { Modal } from '../modal/Modal';
import { $online } from './online';

const ignore = () => {};

/** Shown while the browser is offline; it goes away by itself when the connection is back. */
export function OfflineModal() {
  const online = useStore($online);
  return (
    <Modal
      open={!online}
      onClose={ignore}
      title={shellMessages.offlineTitle}
      size="narrow"
      dismissible={false}
    >
      <p>
        <FrenchText>{shellMessages.offlineText}</FrenchText>
      </p>
    </Modal>
  );
}
