import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { $session, resetSession } from '../../session/session';
import { PermissionGate } from './PermissionGate';

const asUser = (isAdmin: boolean) =>
  $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin, scopes: [] });

describe('<PermissionGate>', () => {
  afterEach(() => resetSession());

  it('shows admin-only content to admins', () => {
    asUser(true);
    render(
      <PermissionGate adminRequired action="no_click">
        <button type="button">Supprimer</button>
      </PermissionGate>,
    );
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    expect(screen.queryByText('Action réservée aux administrateurs')).toBeNull();
  });

  it('hides it from non-admins with no_display', () => {
    asUser(false);
    render(
      <PermissionGate adminRequired action="no_display">
        <button type="button">Supprimer</button>
      </PermissionGate>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows it restricted, unusable and explained with no_click', () => {
    asUser(false);
    const { container } = render(
      <PermissionGate adminRequired action="no_click">
        <button type="button">Supprimer</button>
      </PermissionGate>,
    );
    // inert content leaves the accessibility tree and cannot be focused or clicked.
    expect(container.querySelector('[inert]')?.textContent).toBe('Supprimer');
    expect(screen.getByText('Action réservée aux administrateurs')).toBeTruthy();
  });

  it('lets everyone through when admin is not required', () => {
    asUser(false);
    render(
      <PermissionGate>
        <span>Visible</span>
      </PermissionGate>,
    );
    expect(screen.getByText('Visible')).toBeTruthy();
  });
});
