import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { editOf } from '../../../api/edits';
import { createUserWithInvitation, type Invitation } from '../../../api/preferences';
import {
  editUser,
  grantAdmin,
  lockUser,
  revokeAdmin,
  type User,
  type UserChanges,
  unlockUser,
} from '../../../api/users';
import { userFormSchema } from '../../../contract/userInputs';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { shellMessages } from '../../../i18n/shellMessages';
import { $session } from '../../../session/session';
import { button } from '../../../ui/button.css';
import { DataTable } from '../../../ui/DataTable';
import { addToast } from '../../../ui/toasts/toastStore';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../form/messages';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import * as styles from '../preferences.css';
import { SettingsPage } from '../SettingsPage';
import { $users, settingsChanged, useSettings } from '../settingsStores';

const column = createColumnHelper<User>();

const userFields = (withAdmin: boolean): SectionSpec[] => [
  {
    legend: 'Utilisateur',
    fields: [
      { name: 'lastName', label: 'Nom', kind: 'text', required: true, autoComplete: 'off' },
      { name: 'firstName', label: 'Prénom', kind: 'text', required: true, autoComplete: 'off' },
      { name: 'email', label: 'Adresse email', kind: 'email', required: true, autoComplete: 'off' },
      { name: 'job', label: 'Fonction', kind: 'text' },
      { name: 'phone', label: 'Téléphone', kind: 'text' },
      ...(withAdmin ? [{ name: 'admin', label: 'Administrateur', kind: 'checkbox' as const }] : []),
    ],
  },
];

const emptyUser = { lastName: '', firstName: '', email: '', job: '', phone: '', admin: false };
const fullName = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

export interface UsersPanelProps {
  users: User[];
  /** The signed-in user: they cannot lock or demote themself. */
  selfId: number | null;
  create: (user: typeof emptyUser) => Promise<{ user: User; invitation: Invitation | null }>;
  /** The spec's « id plus changed fields », with the version read (409 stale_version). */
  edit: (id: number, changes: UserChanges) => Promise<User>;
  /** Lock, unlock, grant or revoke (spec section 7): the user after, or null (logged). */
  toggle: (user: User, change: 'lock' | 'unlock' | 'grant' | 'revoke') => Promise<User | null>;
  onChanged: () => void;
}

/**
 * Users list, user sheet and « nouvel utilisateur »; admins act, other members open the sheets
 * read-only (no lock, rights nor save for them).
 */
export function UsersPanel({ users, selfId, create, edit, toggle, onChanged }: UsersPanelProps) {
  const { isAdmin } = useStore($session);
  const [open, setOpen] = useState<'new' | number | null>(null);
  const [invitation, setInvitation] = useState<{ user: User; invitation: Invitation } | null>(null);
  const selected = typeof open === 'number' ? users.find((user) => user.id === open) : undefined;

  async function act(user: User, change: 'lock' | 'unlock' | 'grant' | 'revoke') {
    const after = await toggle(user, change);
    addToast(after ? shellMessages.updateSuccess : shellMessages.updateError, {
      type: after ? 'success' : 'error',
    });
    if (after) onChanged();
  }

  return (
    <>
      {/* Never a control that would be refused: the page says at its top who manages the users. */}
      {isAdmin ? (
        <div className={styles.row}>
          <button type="button" className={button.primary} onClick={() => setOpen('new')}>
            Nouvel utilisateur
          </button>
        </div>
      ) : null}
      {invitation ? (
        <div className={styles.panel} role="status">
          <p>
            {fullName(invitation.user)} peut choisir son mot de passe avec ce lien (envoyé aussi par email),
            valable 7 jours :
          </p>
          <p className={styles.invitation}>
            <a href={invitation.invitation.url}>{invitation.invitation.url}</a>
          </p>
        </div>
      ) : null}
      {open === 'new' ? (
        <div className={styles.panel}>
          <h2>Nouvel utilisateur</h2>
          <SettingsForm
            label="Nouvel utilisateur"
            onCancel={() => setOpen(null)}
            sections={userFields(true)}
            initial={emptyUser}
            schema={userFormSchema}
            errorFields={{ email_already_used: 'email' }}
            submitLabel="Créer l'utilisateur"
            resetAfterSave
            save={(input) => create(input as typeof emptyUser)}
            onSaved={(saved) => {
              const { user, invitation: link } = saved as { user: User; invitation: Invitation | null };
              if (link) setInvitation({ user, invitation: link });
              setOpen(null);
              onChanged();
            }}
          />
        </div>
      ) : null}
      {selected ? (
        <div className={styles.panel}>
          <h2>Fiche utilisateur : {fullName(selected)}</h2>
          <SettingsForm
            key={`${selected.id}-${selected.version}`}
            label={`Fiche utilisateur ${fullName(selected)}`}
            onCancel={() => setOpen(null)}
            sections={userFields(false)}
            initial={{ ...emptyUser, ...selected }}
            schema={userFormSchema.omit({ admin: true })}
            errorFields={{ email_already_used: 'email' }}
            save={(input) => {
              const { lastName, firstName, email, job, phone } = input as typeof emptyUser;
              const typed = { lastName, firstName, email, job, phone };
              return edit(selected.id, editOf(selected, typed));
            }}
            onSaved={onChanged}
            onReload={onChanged}
            readOnly={!isAdmin}
          />
        </div>
      ) : null}
      <DataTable
        caption="Utilisateurs"
        captionClassName={styles.menuTitle}
        columns={[
          column.accessor((user) => fullName(user), {
            id: 'name',
            header: 'Nom',
            cell: ({ row, getValue }) => (
              <button type="button" className={button.ghost} onClick={() => setOpen(row.original.id)}>
                {getValue()}
              </button>
            ),
            meta: { rowHeader: true },
          }),
          column.accessor('email', { header: 'Adresse email', meta: { grow: true, priority: 2 } }),
          column.accessor('job', { header: 'Fonction', meta: { priority: 3 } }),
          column.accessor((user) => (user.admin ? 'Administrateur' : 'Utilisateur'), {
            id: 'rights',
            header: 'Droits',
            meta: { priority: 2 },
          }),
          column.accessor((user) => (user.locked ? 'Verrouillé' : 'Actif'), { id: 'state', header: 'État' }),
          ...(isAdmin
            ? [
                column.display({
                  id: 'actions',
                  header: 'Actions',
                  cell: ({ row: { original: user } }) => {
                    const self = user.id === selfId;
                    return (
                      <div className={styles.row}>
                        {/* One's own seat stays: no lock, no demotion of oneself (the server refuses too). */}
                        {self ? (
                          <span title={serverErrorMessages.cannot_modify_self}>Vous</span>
                        ) : (
                          <>
                            <button
                              type="button"
                              className={button.secondary}
                              aria-label={`${user.locked ? 'Déverrouiller' : 'Verrouiller'} ${fullName(user)}`}
                              onClick={() => void act(user, user.locked ? 'unlock' : 'lock')}
                            >
                              {user.locked ? 'Déverrouiller' : 'Verrouiller'}
                            </button>
                            <button
                              type="button"
                              className={button.secondary}
                              aria-label={`${user.admin ? 'Retirer admin' : 'Rendre admin'} ${fullName(user)}`}
                              title={
                                user.admin
                                  ? "Retirer les droits d'administrateur"
                                  : "Donner les droits d'administrateur"
                              }
                              onClick={() => void act(user, user.admin ? 'revoke' : 'grant')}
                            >
                              {user.admin ? 'Retirer admin' : 'Rendre admin'}
                            </button>
                          </>
                        )}
                      </div>
                    );
                  },
                }),
              ]
            : []),
        ]}
        rows={users}
        rowKey={(user) => String(user.id)}
      />
    </>
  );
}

const toggles = { lock: lockUser, unlock: unlockUser, grant: grantAdmin, revoke: revokeAdmin } as const;

export function UsersPage() {
  const { userId } = useStore($session);
  const enterpriseId = useEnterpriseId();
  const state = useSettings($users);
  return (
    <SettingsPage title="Gestion des utilisateurs" restricted={preferencesMessages.restricted} state={state}>
      {(users) => (
        <UsersPanel
          users={users}
          selfId={userId}
          create={(user) => createUserWithInvitation(enterpriseId!, user)}
          edit={(id, changes) => editUser(enterpriseId!, id, changes)}
          toggle={(user, change) => toggles[change](enterpriseId!, user.id)}
          onChanged={() => settingsChanged($users)}
        />
      )}
    </SettingsPage>
  );
}
