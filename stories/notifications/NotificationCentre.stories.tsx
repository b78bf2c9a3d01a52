import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { NotificationPanel } from '../../src/features/notifications/NotificationPanel';
import type { NotificationsState } from '../../src/features/notifications/notificationStore';
import * as styles from '../../src/features/notifications/panel.css';
import { seedNotifications } from './seed';

interface CentreProps {
  total: number;
  unread: number;
  state?: Partial<NotificationsState>;
}

/** The popover's content as the bell shows it, on a seeded store. */
function Centre({ total, unread, state }: CentreProps) {
  useState(() => seedNotifications(total, unread, state));
  return (
    <div
      role="dialog"
      aria-labelledby="centre-title"
      className={styles.popover}
      style={{ position: 'relative' }}
    >
      <NotificationPanel titleId="centre-title" />
    </div>
  );
}

const meta: Meta<typeof Centre> = { title: 'Notifications/Centre', component: Centre };
export default meta;
type Story = StoryObj<typeof Centre>;

export const Loading: Story = { args: { total: 0, unread: 0, state: { items: [], status: 'loading' } } };
export const Empty: Story = { args: { total: 0, unread: 0 } };
/** The load failed: said, with « Réessayer », rather than « no notification » (issue 26). */
export const LoadFailed: Story = { args: { total: 0, unread: 0, state: { items: [], status: 'failed' } } };
export const ThreeItems: Story = { args: { total: 3, unread: 3 } };
/** 5 of 23 shown: 'Afficher plus' loads 5 more. */
export const TwentyThreeWithShowMore: Story = { args: { total: 23, unread: 4 } };
export const UnreadAndRead: Story = { args: { total: 5, unread: 2 } };
