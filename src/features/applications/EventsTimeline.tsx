/**
 * A group's events, newest first (`/applications/{type}/groupes-mesures/{id}/events` and the group's
 * page): each kind in French, who or what did it and when, and what it says: the measures with
 * their values before and after, the file read (name, size, count), why a file was refused, the
 * job before and after, the quote that uses the group.
 */
import type { ReactNode } from 'react';
import { type ApplicationType, applicationLabels, isApplicationType } from '../../contract/measures';
import { formatDate } from '../../i18n/format';
import { dealPath, quotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { ListFailed } from '../../ui/ListPages';
import { Spinner } from '../../ui/Spinner';
import type { MeasureEvent, MeasureEventPage } from './api';
import * as styles from './applications.css';
import { formatMeasure } from './measureFormat';
import { eventMessages as e, eventKindLabels, formatFileSize, groupMessages as m } from './messages';

/** Measures listed per event before « et N autres mesures ». */
export const MEASURES_SHOWN = 10;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** When: « le 27/11/2026 à 14:32 » (the browser's time zone). */
export function eventTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
  return e.at(formatDate(iso), time);
}

/** Who or what: the user, the application through its key, or a file import. */
export function eventAuthor(event: MeasureEvent, application: ApplicationType): string {
  if (event.user) return e.by(event.user.name);
  if (event.source === 'connector') return e.byConnector(applicationLabels[application]);
  if (event.source === 'import') return e.byImport;
  return '';
}

/** One measure of a measures_* event: « Toiture : 120 m² → 125,5 m² ». */
function measureLine(measure: Record<string, unknown>): string {
  const unit = text(measure.unit) ?? '';
  const before = count(measure.before);
  const after = count(measure.after);
  const name = text(measure.name) ?? '';
  if (before !== null && after !== null)
    return `${name} : ${formatMeasure(before, unit)} → ${formatMeasure(after, unit)}`;
  if (after !== null) return `${name} : ${formatMeasure(after, unit)}`;
  if (before !== null) return `${name} : ${formatMeasure(before, unit)} (${e.removedValue})`;
  return name;
}

const fileText = (detail: Record<string, unknown>) => {
  const name = text(detail.fileName) ?? '';
  const size = count(detail.size);
  return size === null ? name : e.file(name, formatFileSize(size));
};

const jobName = (value: unknown) => text(record(value)?.name) ?? e.noJob;

/** What an event says beyond its title (nothing for a field it does not have). */
export function EventDetail({ event }: { event: MeasureEvent }): ReactNode {
  const detail = event.detail ?? {};
  switch (event.kind) {
    case 'created': {
      const name = text(detail.name);
      return name ? <p className={styles.eventDetail}>{e.created(name)}</p> : null;
    }
    case 'measures_added':
    case 'measures_changed':
    case 'measures_removed': {
      const measures = list(detail.measures)
        .map(record)
        .filter((item) => item !== null);
      if (measures.length === 0) return null;
      const more = measures.length - MEASURES_SHOWN;
      return (
        <ul className={styles.eventDetail}>
          {measures.slice(0, MEASURES_SHOWN).map((measure, index) => (
            <li key={index}>{measureLine(measure)}</li>
          ))}
          {more > 0 ? <li>{e.moreMeasures(more)}</li> : null}
        </ul>
      );
    }
    case 'imported': {
      const read = count(detail.count) ?? 0;
      const format = text(detail.format);
      return (
        <ul className={styles.eventDetail}>
          <li>{fileText(detail)}</li>
          <li>{e.imported(read, count(detail.added) ?? 0, count(detail.changed) ?? 0)}</li>
          {format ? <li>{e.format(format)}</li> : null}
        </ul>
      );
    }
    case 'import_refused': {
      const reasons = list(detail.reasons)
        .map(text)
        .filter((reason) => reason !== null);
      return (
        <div className={styles.eventDetail}>
          <p style={{ margin: 0 }}>{fileText(detail)}</p>
          {reasons.length > 0 ? (
            <ul>
              {reasons.map((reason, index) => (
                <li key={index}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    }
    case 'linked_to_job': {
      const after = record(detail.after);
      const afterId = count(after?.id);
      return (
        <p className={styles.eventDetail}>
          {e.jobBefore} : {jobName(detail.before)} → {e.jobAfter} :{' '}
          {after && afterId !== null ? (
            <RouteLink to={dealPath(afterId)} className={styles.link}>
              {jobName(after)}
            </RouteLink>
          ) : (
            e.noJob
          )}
        </p>
      );
    }
    case 'renamed':
      return (
        <p className={styles.eventDetail}>{e.renamed(text(detail.before) ?? '', text(detail.after) ?? '')}</p>
      );
    case 'used_in_quote': {
      const quoteId = count(detail.quoteId);
      const number = text(detail.quoteNumber) ?? (quoteId === null ? '' : String(quoteId));
      const lines = list(detail.lines)
        .map(text)
        .filter((line) => line !== null);
      return (
        <div className={styles.eventDetail}>
          <p style={{ margin: 0 }}>
            {quoteId !== null ? (
              <RouteLink to={quotePath(quoteId)} className={styles.link}>
                {e.quote(number)}
              </RouteLink>
            ) : (
              e.quote(number)
            )}
          </p>
          {lines.length > 0 ? (
            <ul>
              {lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    }
    default:
      return null;
  }
}

export interface EventsTimelineProps {
  application: string;
  page: MeasureEventPage | undefined;
  failed: boolean;
  loading?: boolean;
  onRetry: () => void;
  onMore: () => void;
  /** The events' heading level (2 on the group's page, none on the events page: its h1 says it). */
  title?: ReactNode;
}

/** The timeline, newest first (the server's order), with « Afficher plus » while there are more. */
export function EventsTimeline({
  application,
  page,
  failed,
  loading = false,
  onRetry,
  onMore,
  title,
}: EventsTimelineProps) {
  const type: ApplicationType = isApplicationType(application) ? application : 'pix4d';
  if (failed && !page) return <ListFailed message={m.eventsFailed} onRetry={onRetry} />;
  if (!page) return <Spinner />;
  if (page.data.length === 0) return <p className={styles.subtitle}>{m.noEvents}</p>;
  return (
    <div className={styles.stack} aria-busy={loading}>
      {title}
      <ol className={styles.timeline}>
        {page.data.map((event) => (
          <li key={event.id} className={styles.event}>
            <p className={styles.eventTitle}>{eventKindLabels[event.kind]}</p>
            <p className={styles.eventMeta}>
              <time dateTime={event.at}>{eventTime(event.at)}</time> {eventAuthor(event, type)}
            </p>
            <EventDetail event={event} />
          </li>
        ))}
      </ol>
      {page.data.length < page.info.hits ? (
        <div className={styles.actions}>
          <button type="button" className={button.secondary} disabled={loading} onClick={onMore}>
            {m.moreEvents}
          </button>
          <span className={styles.subtitle} aria-live="polite">
            {m.eventsCount(page.data.length, page.info.hits)}
          </span>
        </div>
      ) : null}
    </div>
  );
}
