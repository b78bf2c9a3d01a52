/**
 * « Mes applications » (`/applications/`) and an application's home (`/applications/pix4d/`,
 * `/applications/sema/`): each application's state for the company, connect (the API key shown
 * once), regenerate its key, disconnect (after a confirmation), its keys, its measure groups.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { type ApplicationType, applicationLabels, applicationTypes } from '../../contract/measures';
import { formatDate } from '../../i18n/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { clientPaths, measureGroupsPath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { $session } from '../../session/session';
import { button } from '../../ui/button.css';
import { DataTable } from '../../ui/DataTable';
import { ListFailed } from '../../ui/ListPages';
import { Spinner } from '../../ui/Spinner';
import { addToast } from '../../ui/toasts/toastStore';
import type { Application, ApplicationKey } from './api';
import * as styles from './applications.css';
import { $applications, connect, disconnect } from './applicationsStores';
import { ConfirmDialog, KeyDialog } from './KeyDialog';
import { applicationsMessages as m } from './messages';

/** What the screens do with an application (the stores in the app; stories give their own). */
export interface ApplicationActions {
  /** Connecting and disconnecting are an administrator's (the server answers 403 otherwise). */
  isAdmin?: boolean;
  onConnect: (type: ApplicationType) => Promise<{ application: Application; apiKey: string }>;
  onDisconnect: (type: ApplicationType) => Promise<Application>;
}

const storeActions = { onConnect: connect, onDisconnect: disconnect };

const homePath = (type: ApplicationType) => `${clientPaths.applications}/${type}`;

/** When the application last sent data, or that it never did. */
const lastData = (application: Application) =>
  application.lastDataAt ? formatDate(application.lastDataAt) : m.noDataYet;

export function StateChip({ connected }: { connected: boolean }) {
  return (
    <span className={connected ? styles.chipOn : styles.chipOff}>
      {connected ? m.connected : m.notConnected}
    </span>
  );
}

/**
 * Connect, « Régénérer la clé » and « Déconnecter » with their dialogs: the key shown once (then
 * forgotten: closing the dialog drops it), a confirmation before a new key replaces the one in use
 * and before disconnecting.
 */
function ConnectionActions({
  application,
  actions,
  initialKey = null,
}: {
  application: Application;
  actions: ApplicationActions;
  /** A key to show at once (stories: « connectée, clé affichée une fois »). */
  initialKey?: string | null;
}) {
  const label = applicationLabels[application.type];
  const [shown, setShown] = useState<{ apiKey: string; regenerated: boolean } | null>(
    initialKey ? { apiKey: initialKey, regenerated: false } : null,
  );
  const [asking, setAsking] = useState<'regenerate' | 'disconnect' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setFailure(null);
    try {
      return await action();
    } catch (error) {
      setFailure(errorMessageFor(error));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function connectNow() {
    const regenerated = application.connected;
    const answer = await run(() => actions.onConnect(application.type));
    setAsking(null);
    if (answer) setShown({ apiKey: answer.apiKey, regenerated });
  }

  async function disconnectNow() {
    const answer = await run(() => actions.onDisconnect(application.type));
    setAsking(null);
    if (answer) addToast(m.disconnected(label), { type: 'success' });
  }

  if (actions.isAdmin === false) return <p className={styles.subtitle}>{m.adminOnly}</p>;
  return (
    <>
      <div className={styles.actions}>
        {application.connected ? (
          <>
            <button
              type="button"
              className={button.secondary}
              disabled={busy}
              onClick={() => setAsking('regenerate')}
            >
              {m.regenerate}
            </button>
            <button
              type="button"
              className={button.ghost}
              disabled={busy}
              onClick={() => setAsking('disconnect')}
            >
              {m.disconnect}
            </button>
          </>
        ) : (
          <button type="button" className={button.primary} disabled={busy} onClick={connectNow}>
            {m.connect(label)}
          </button>
        )}
      </div>
      {failure && !asking ? (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <KeyDialog
        apiKey={shown?.apiKey ?? null}
        title={shown?.regenerated ? m.regenerateTitle(label) : m.connectTitle(label)}
        label={label}
        onClose={() => setShown(null)}
      />
      <ConfirmDialog
        open={asking === 'regenerate'}
        title={m.regenerate}
        text={m.regenerateConfirm(label)}
        confirm={m.regenerate}
        busy={busy}
        failure={failure}
        onConfirm={connectNow}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'disconnect'}
        title={m.disconnectTitle(label)}
        text={m.disconnectText(label)}
        confirm={m.disconnectConfirm(label)}
        busy={busy}
        failure={failure}
        onConfirm={disconnectNow}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** One application: its state, its figures, its actions (and, on the list, the way to its home). */
export function ApplicationCard({
  application,
  actions,
  headingLevel = 2,
  showLinks = true,
  initialKey,
}: {
  application: Application;
  actions: ApplicationActions;
  headingLevel?: 2 | 3;
  showLinks?: boolean;
  initialKey?: string | null;
}) {
  const label = applicationLabels[application.type];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `application-${application.type}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <Heading id={headingId} className={styles.cardTitle}>
          {showLinks ? (
            <RouteLink to={homePath(application.type)} className={styles.link}>
              {label}
            </RouteLink>
          ) : (
            m.connectionTitle
          )}
        </Heading>
        <StateChip connected={application.connected} />
      </div>
      {showLinks ? <p className={styles.subtitle}>{m.descriptions[application.type]}</p> : null}
      <dl className={styles.facts}>
        {application.connected && application.connectedAt ? (
          <>
            <dt>{m.connectedOn}</dt>
            <dd>{formatDate(application.connectedAt)}</dd>
          </>
        ) : null}
        <dt>{m.lastData}</dt>
        <dd>{lastData(application)}</dd>
        {showLinks
          ? application.keys
              .filter((key) => !key.revokedAt)
              .map((key) => (
                <div key={key.id} style={{ display: 'contents' }}>
                  <dt>{m.keyLabel}</dt>
                  <dd>
                    <code>{`${key.prefix}…`}</code>{' '}
                    {m.keySummary(
                      formatDate(key.createdAt),
                      key.lastUsedAt ? formatDate(key.lastUsedAt) : null,
                    )}
                  </dd>
                </div>
              ))
          : null}
        <dt>{m.groups}</dt>
        <dd>
          <RouteLink to={measureGroupsPath(application.type)} className={styles.link}>
            {m.groupCount(application.groupCount)}
          </RouteLink>
        </dd>
      </dl>
      <ConnectionActions application={application} actions={actions} initialKey={initialKey} />
    </section>
  );
}

const keyColumn = createColumnHelper<ApplicationKey>();
const keyColumns = [
  keyColumn.accessor('prefix', {
    header: m.keyColumns.prefix,
    cell: ({ getValue }) => <code>{`${getValue()}…`}</code>,
    meta: { rowHeader: true },
  }),
  keyColumn.accessor('createdAt', {
    header: m.keyColumns.createdAt,
    cell: ({ getValue }) => formatDate(getValue()),
  }),
  keyColumn.accessor('lastUsedAt', {
    header: m.keyColumns.lastUsedAt,
    cell: ({ getValue }) => {
      const used = getValue();
      return used ? formatDate(used) : m.keyNeverUsed;
    },
  }),
  keyColumn.accessor('revokedAt', {
    id: 'state',
    header: m.keyColumns.state,
    cell: ({ getValue }) => {
      const revoked = getValue();
      return revoked ? m.keyRevoked(formatDate(revoked)) : m.keyActive;
    },
  }),
];

/** The application's keys, the one in use first: creation date and last use, never the key. */
export function KeysTable({ keys }: { keys: readonly ApplicationKey[] }) {
  const sorted = [...keys].sort(
    (a, b) =>
      Number(Boolean(a.revokedAt)) - Number(Boolean(b.revokedAt)) || b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <section className={styles.panel} aria-labelledby="application-keys">
      <h2 id="application-keys" className={styles.sectionTitle}>
        {m.keysTitle}
      </h2>
      {sorted.length === 0 ? (
        <p className={styles.subtitle}>{m.noKeys}</p>
      ) : (
        <DataTable
          caption={m.keysTitle}
          columns={keyColumns}
          rows={sorted}
          rowKey={(key) => String(key.id)}
        />
      )}
    </section>
  );
}

export interface ApplicationsViewProps extends ApplicationActions {
  applications: readonly Application[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** Stories: the key of this application shown at once. */
  shownKey?: { type: ApplicationType; apiKey: string };
}

/** `/applications/`: the two applications, in the contract's order. */
export function ApplicationsView({
  applications,
  failed,
  onRetry,
  shownKey,
  ...actions
}: ApplicationsViewProps) {
  const ordered = applicationTypes
    .map((type) => applications?.find((application) => application.type === type))
    .filter((application): application is Application => Boolean(application));
  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.title}>{m.title}</h1>
        <p className={styles.subtitle}>{m.intro}</p>
      </div>
      {failed ? <ListFailed message={m.listFailed} onRetry={onRetry} /> : null}
      {!applications ? (
        failed ? null : (
          <Spinner />
        )
      ) : (
        <div className={styles.cards}>
          {ordered.map((application) => (
            <ApplicationCard
              key={application.type}
              application={application}
              actions={actions}
              initialKey={shownKey?.type === application.type ? shownKey.apiKey : null}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export interface ApplicationHomeViewProps extends ApplicationActions {
  type: ApplicationType;
  application: Application | undefined;
  failed: boolean;
  onRetry: () => void;
  shownKey?: string;
}

/** `/applications/{type}/`: the state, the keys, the way to the groups and how to import. */
export function ApplicationHomeView({
  type,
  application,
  failed,
  onRetry,
  shownKey,
  ...actions
}: ApplicationHomeViewProps) {
  const label = applicationLabels[type];
  return (
    <div className={styles.stack}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{m.homeTitle(label)}</h1>
          <p className={styles.subtitle}>{m.descriptions[type]}</p>
        </div>
        <div className={styles.actions}>
          <RouteLink to={measureGroupsPath(type)} className={button.secondary}>
            {m.openGroups(label)}
          </RouteLink>
          <RouteLink to={clientPaths.applications} className={styles.link}>
            {m.backToApplications}
          </RouteLink>
        </div>
      </div>
      {failed ? <ListFailed message={m.listFailed} onRetry={onRetry} /> : null}
      {!application ? (
        failed ? null : (
          <Spinner />
        )
      ) : (
        <>
          <ApplicationCard
            application={application}
            actions={actions}
            showLinks={false}
            initialKey={shownKey ?? null}
          />
          <KeysTable keys={application.keys} />
        </>
      )}
      <section className={styles.panel} aria-labelledby="application-howto">
        <h2 id="application-howto" className={styles.sectionTitle}>
          {m.howToTitle}
        </h2>
        <ol className={styles.plainList}>
          {m.howTo[type].map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** `/applications/` over the data layer. */
export function ApplicationsScreen() {
  const { data, error, loading } = useStore($applications);
  const { isAdmin } = useStore($session);
  return (
    <ApplicationsView
      applications={data?.data}
      failed={Boolean(error) && !loading}
      onRetry={() => $applications.invalidate()}
      isAdmin={isAdmin}
      {...storeActions}
    />
  );
}

/** `/applications/{type}/` over the data layer. */
export function ApplicationHomeScreen({ type }: { type: ApplicationType }) {
  const { data, error, loading } = useStore($applications);
  const { isAdmin } = useStore($session);
  return (
    <ApplicationHomeView
      type={type}
      application={data?.data.find((application) => application.type === type)}
      failed={Boolean(error) && !loading}
      onRetry={() => $applications.invalidate()}
      isAdmin={isAdmin}
      {...storeActions}
    />
  );
}
