import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Toasts } from '../../src/ui/toasts/Toasts';
import { $toasts, addToast, clearToasts, type ToastType } from '../../src/ui/toasts/toastStore';

function Seeded({ toasts, leaving = false }: { toasts: [string, ToastType][]; leaving?: boolean }) {
  useEffect(() => {
    clearToasts();
    for (const [content, type] of toasts) addToast(content, { type, duration: 0 });
    if (leaving) $toasts.set($toasts.get().map((toast) => ({ ...toast, show: false })));
    return clearToasts;
  }, [toasts, leaving]);
  return <Toasts />;
}

const meta: Meta<typeof Seeded> = { title: 'Shell/Toasts', component: Seeded };
export default meta;
type Story = StoryObj<typeof Seeded>;

export const EveryType: Story = {
  args: {
    toasts: [
      ['Brouillon enregistré.', 'message'],
      ['Les informations ont été mises à jour.', 'success'],
      ['La facture F-2026-0042 sera envoyée demain.', 'info'],
      ['Le devis D-2026-0107 expire dans 3 jours.', 'alert'],
      ['Une erreur est survenue lors de la mise à jour.', 'error'],
    ],
  },
};

export const Single: Story = { args: { toasts: [['Les informations ont été mises à jour.', 'success']] } };

export const LongText: Story = {
  args: {
    toasts: [
      [
        "Ces factures n'ont pas pu être réglées : F-2026-0042, F-2026-0043, F-2026-0044, F-2026-0045, F-2026-0046, F-2026-0047, F-2026-0048.",
        'error',
      ],
    ],
  },
};

export const Leaving: Story = {
  args: { toasts: [['Les informations ont été mises à jour.', 'success']], leaving: true },
};

export const Empty: Story = { args: { toasts: [] } };
