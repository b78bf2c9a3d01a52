import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { SCOPE_SITE_MANAGEMENT } from '../../src/config/constants';
import { $menuCollapsed } from '../../src/features/nav-bar/menuVisibility';
import { NavBar } from '../../src/features/nav-bar/NavBar';
import { NotificationBell } from '../../src/features/notifications/NotificationBell';
import { $here, readHere } from '../../src/routes/location';
import { $session } from '../../src/session/session';
import { seedNotifications } from '../notifications/seed';

interface BarProps {
  isAdmin: boolean;
  siteManagement: boolean;
  unread: number;
  /** Forces the collapsed menu, as under 1024 px. */
  collapsed?: boolean;
  /** As with ?menu=no in the page address. */
  menuNo?: boolean;
}

function Bar({ isAdmin, siteManagement, unread, collapsed = false, menuNo = false }: BarProps) {
  useState(() => {
    seedNotifications(12, unread);
    $session.set({
      status: 'starting',
      userId: 7,
      enterpriseId: 1,
      isAdmin,
      scopes: siteManagement ? [SCOPE_SITE_MANAGEMENT] : [],
    });
  });
  useEffect(() => {
    if (collapsed) $menuCollapsed.set(true);
    if (menuNo) $here.set({ ...readHere(), search: '?menu=no' });
  }, [collapsed, menuNo]);
  return (
    <div style={{ margin: -24 }}>
      <NavBar />
      <main style={{ padding: 24 }}>
        {menuNo ? 'La barre est masquée (?menu=no).' : 'Contenu de la page'}
      </main>
    </div>
  );
}

const meta: Meta<typeof Bar> = { title: 'Navigation/NavBar', component: Bar };
export default meta;
type Story = StoryObj<typeof Bar>;

export const Admin: Story = { args: { isAdmin: true, siteManagement: true, unread: 3 } };
export const NonAdmin: Story = { args: { isAdmin: false, siteManagement: true, unread: 0 } };
export const WithoutSiteManagement: Story = { args: { isAdmin: true, siteManagement: false, unread: 3 } };
export const Collapsed800: Story = {
  args: { isAdmin: true, siteManagement: true, unread: 3, collapsed: true },
  parameters: { viewport: { defaultViewport: 'small' } },
};
export const MenuNo: Story = { args: { isAdmin: true, siteManagement: true, unread: 3, menuNo: true } };

/** `<bo-notification-bell>` alone. */
export const BellAlone: StoryObj<{ unread: number }> = {
  args: { unread: 7 },
  render: ({ unread }) => {
    const Seeded = () => {
      useState(() => seedNotifications(12, unread));
      return <NotificationBell />;
    };
    return <Seeded />;
  },
};
