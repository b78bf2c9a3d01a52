import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { $session } from '../../src/session/session';
import { button } from '../../src/ui/button.css';
import { PermissionGate, type RestrictedAction } from '../../src/ui/permission/PermissionGate';

function Gate({ isAdmin, action }: { isAdmin: boolean; action: RestrictedAction }) {
  useEffect(() => {
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin, scopes: [] });
  }, [isAdmin]);
  return (
    <PermissionGate adminRequired action={action}>
      <button type="button" className={button.primary}>
        Verrouiller l'utilisateur
      </button>
    </PermissionGate>
  );
}

const meta: Meta<typeof Gate> = { title: 'Shell/PermissionGate', component: Gate };
export default meta;
type Story = StoryObj<typeof Gate>;

export const Admin: Story = { args: { isAdmin: true, action: 'no_click' } };
/** Non-admin, no_display: nothing is shown. */
export const NonAdminHidden: Story = { args: { isAdmin: false, action: 'no_display' } };
/** Non-admin, no_click: shown, not usable, and the reason is said. */
export const NonAdminRestricted: Story = { args: { isAdmin: false, action: 'no_click' } };
