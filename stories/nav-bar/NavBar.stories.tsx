import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { mutateCache } from '../../src/api/query';
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
  /** The company's name, as the company information gives it (none: not loaded, or unreadable). */
  companyName?: string;
}

function Bar({
  isAdmin,
  siteManagement,
  unread,
  collapsed = false,
  menuNo = false,
  companyName = 'Martin Rénovation',
}: BarProps) {
  useState(() => {
    seedNotifications(12, unread);
    // The name's store answered beforehand (the stand-in fetch knows only the notifications).
    mutateCache('/v2/companies/1/settings/company#nav-bar', companyName);
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
/**
 * At 800 px: one 'Menu' button. Storybook opens the story at 800 px (the viewport global); the
 * `collapsed` arg forces the collapsed menu when the frame is opened alone, wider.
 */
export const Collapsed800: Story = {
  args: { isAdmin: true, siteManagement: true, unread: 3, collapsed: true },
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
/** A long name gives way to the menu: cut with an ellipsis, whole in its tooltip. */
export const LongCompanyName: Story = {
  args: {
    isAdmin: true,
    siteManagement: true,
    unread: 3,
    companyName: 'Société Nouvelle de Rénovation et de Maçonnerie Martin et Fils',
  },
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
