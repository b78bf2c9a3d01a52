import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { button } from '../../src/ui/button.css';
import { Modal, type ModalProps } from '../../src/ui/modal/Modal';

type Args = Pick<ModalProps, 'loading' | 'size' | 'title'> & { paragraphs: number; startOpen: boolean };

function ModalDemo({ paragraphs, startOpen, ...props }: Args) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
        Ouvrir la fenêtre
      </button>
      <Modal {...props} open={open} onClose={() => setOpen(false)}>
        {Array.from({ length: paragraphs }, (_, index) => (
          <p key={index}>
            Le règlement de la facture F-2026-0042 (1 250,00 €) a été reçu par virement le 12/11/2026.
            Vérifiez la banque avant de valider.
          </p>
        ))}
        <button type="button" className={button.primary} onClick={() => setOpen(false)}>
          Valider le règlement
        </button>
      </Modal>
    </>
  );
}

const meta: Meta<typeof ModalDemo> = {
  title: 'Shell/Modal',
  component: ModalDemo,
  args: { title: 'Valider le règlement', paragraphs: 1, startOpen: true, loading: false, size: 'default' },
};
export default meta;
type Story = StoryObj<typeof ModalDemo>;

/** 720 px wide; Escape, a backdrop click or the close button closes it. */
export const Content: Story = {};
export const Loading: Story = { args: { loading: true } };
/** The 620 px variant. */
export const Narrow: Story = { args: { size: 'narrow' } };
/** Taller than 90 % of the window: 60 px above and below. */
export const Tall: Story = { args: { paragraphs: 30 } };
export const Closed: Story = { args: { startOpen: false } };
