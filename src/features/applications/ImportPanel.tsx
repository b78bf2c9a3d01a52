/**
 * « Importer un fichier » on a group's page: a file chosen (the input, or dropped on the zone), its
 * upload's progress, then what was read — or, refused, the server's French reasons one by one and
 * the certainty that nothing was stored. The file stays chosen after a refusal, to send again.
 */
import { type DragEvent, useId, useRef, useState } from 'react';
import { type ApplicationType, applicationLabels, measureRules } from '../../contract/measures';
import { errorMessageFor } from '../../i18n/serverErrors';
import { button } from '../../ui/button.css';
import { InlineSpinner } from '../../ui/Spinner';
import { type ImportOutcome, ImportRefusedError } from './api';
import * as styles from './applications.css';
import { formatFileSize, groupMessages as m } from './messages';

export type ImportFile = (file: File, onProgress: (sent: number) => void) => Promise<ImportOutcome>;

type Outcome =
  | { state: 'idle' }
  | { state: 'sending'; sent: number }
  | { state: 'done'; outcome: ImportOutcome }
  | { state: 'refused'; message: string | null; reasons: string[] }
  | { state: 'failed'; message: string };

export interface ImportPanelProps {
  application: ApplicationType;
  onImport: ImportFile;
  /** Stories: where the panel starts. */
  initial?: Outcome;
  initialFile?: File | null;
}

const maxSize = formatFileSize(measureRules.maxFileBytes);

export function ImportPanel({
  application,
  onImport,
  initial = { state: 'idle' },
  initialFile = null,
}: ImportPanelProps) {
  const inputId = useId();
  const hintId = useId();
  const whyDisabledId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(initialFile);
  const [outcome, setOutcome] = useState<Outcome>(initial);
  const [dragging, setDragging] = useState(false);
  const sending = outcome.state === 'sending';

  function choose(chosen: File | null | undefined) {
    if (!chosen) return;
    setFile(chosen);
    setOutcome(
      chosen.size > measureRules.maxFileBytes
        ? { state: 'failed', message: m.tooLarge(maxSize) }
        : { state: 'idle' },
    );
  }

  async function send() {
    if (!file || sending) return;
    if (file.size > measureRules.maxFileBytes) {
      setOutcome({ state: 'failed', message: m.tooLarge(maxSize) });
      return;
    }
    setOutcome({ state: 'sending', sent: 0 });
    try {
      const answer = await onImport(file, (sent) => setOutcome({ state: 'sending', sent }));
      setOutcome({ state: 'done', outcome: answer });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      if (error instanceof ImportRefusedError && error.reasons.length > 0) {
        setOutcome({ state: 'refused', message: error.serverMessage, reasons: error.reasons });
      } else if (error instanceof ImportRefusedError && error.serverMessage) {
        setOutcome({ state: 'failed', message: error.serverMessage });
      } else {
        setOutcome({ state: 'failed', message: errorMessageFor(error) || m.importFailed });
      }
    }
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    if (!sending) choose(event.dataTransfer.files[0]);
  }

  return (
    <section className={styles.panel} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.sectionTitle}>
        {m.importTitle}
      </h2>
      <fieldset
        aria-labelledby={`${inputId}-title`}
        className={dragging ? `${styles.dropZone} ${styles.dropZoneActive}` : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p id={hintId} className={styles.subtitle}>
          {m.importHint(applicationLabels[application], maxSize)}
        </p>
        <div className={styles.actions} style={{ justifyContent: 'center' }}>
          <button
            type="button"
            className={button.secondary}
            disabled={sending}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {m.chooseFile}
          </button>
          {/* The button above opens it: one control in the tab order, one name. */}
          <input
            id={inputId}
            ref={input}
            type="file"
            tabIndex={-1}
            aria-label={m.chooseFile}
            className={styles.visuallyHiddenInput}
            accept=".geojson,.json,.csv,.xlsx,application/geo+json,application/json,text/csv"
            disabled={sending}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <span className={styles.subtitle}>{m.dropHere}</span>
        </div>
        {file ? (
          <p style={{ margin: 0, fontWeight: 500 }}>{m.chosenFile(file.name, formatFileSize(file.size))}</p>
        ) : null}
        <button
          type="button"
          className={button.primary}
          disabled={!file || sending}
          // Disabled until a file is chosen: the sentence next to it says so.
          aria-describedby={file ? undefined : whyDisabledId}
          onClick={send}
        >
          {sending ? <InlineSpinner /> : null}
          {m.importButton}
        </button>
        {file ? null : (
          <p id={whyDisabledId} className={styles.subtitle}>
            {m.importNeedsFile}
          </p>
        )}
      </fieldset>
      <div aria-live="polite" style={{ marginTop: 12 }}>
        {outcome.state === 'sending' ? (
          <div className={styles.form}>
            <label htmlFor={`${inputId}-progress`}>
              {outcome.sent < 1 ? m.importing(Math.round(outcome.sent * 100)) : m.reading}
            </label>
            <progress id={`${inputId}-progress`} className={styles.progress} max={1} value={outcome.sent} />
          </div>
        ) : null}
        {outcome.state === 'done' ? (
          <div className={styles.success}>
            <p style={{ margin: 0 }}>
              {m.imported(outcome.outcome.read, outcome.outcome.added, outcome.outcome.changed)}
            </p>
            {outcome.outcome.warnings.length > 0 ? (
              <ul>
                {outcome.outcome.warnings.map((warning, index) => (
                  <li key={index}>{warning}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {outcome.state === 'refused' ? (
        <div className={styles.alert} role="alert">
          <p style={{ margin: 0, fontWeight: 600 }}>{outcome.message ?? m.refusedTitle}</p>
          <ul>
            {outcome.reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome.state === 'failed' ? (
        <p className={styles.alert} role="alert">
          {outcome.message}
        </p>
      ) : null}
    </section>
  );
}
