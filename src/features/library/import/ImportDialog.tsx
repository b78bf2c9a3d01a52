import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useRef, useState } from 'react';
import {
  type ImportPreview,
  type ImportResult,
  loadStarterLibrary,
  previewLibraryImport,
  runLibraryImport,
} from '../../../api/libraryImport';
import { formatCents, formatCount } from '../../../contract/format';
import {
  type ImportMapping,
  importFieldLabels,
  importFields,
  importRules,
  requiredImportFields,
} from '../../../contract/libraryImport';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { $session } from '../../../session/session';
import { button } from '../../../ui/button.css';
import { DataTable } from '../../../ui/DataTable';
import { Modal } from '../../../ui/modal/Modal';
import * as form from '../../../ui/textField.css';
import * as styles from './importDialog.css';
import { $libraryEmpty, libraryChanged } from './importStores';
import { importMessages as m } from './messages';

export interface ImportDialogProps {
  open: boolean;
  /** Closes the dialog (the library screen then shows what the import changed). */
  onClose: () => void;
}

/** Where the dialog is: each step keeps what the next one needs. */
type Stage =
  | { step: 'choose' }
  | { step: 'reading'; sent: number; label?: string }
  | { step: 'preview'; file: File; preview: ImportPreview; mapping: ImportMapping; checking: boolean }
  | { step: 'importing'; file: File; preview: ImportPreview; mapping: ImportMapping; sent: number }
  | { step: 'done'; result: ImportResult }
  | { step: 'starter'; created: number };

const percentOf = (sent: number) => Math.min(100, Math.round(sent * 100));

/** The upload's bar while the file travels, then an indeterminate bar while the server works. */
function Progress({ sent, after }: { sent: number; after: string }) {
  const uploading = sent < 1;
  return (
    <div>
      <p aria-live="polite" style={{ margin: '0 0 4px' }}>
        {uploading ? m.sending(percentOf(sent)) : after}
      </p>
      {uploading ? (
        <progress
          className={styles.progress}
          max={100}
          value={percentOf(sent)}
          aria-label={m.progressLabel}
        />
      ) : (
        <progress className={styles.progress} aria-label={m.progressLabel} />
      )}
    </div>
  );
}

function LineErrors({ errors, total }: { errors: ImportResult['errors']; total: number }) {
  if (errors.length === 0) return null;
  return (
    <section aria-label={m.errorsTitle(total)}>
      <p style={{ margin: '0 0 4px', fontWeight: 600 }}>{m.errorsTitle(total)}</p>
      <ul className={styles.errorList}>
        {errors.map((error, index) => (
          // A line may have several errors: its number and position make the key.
          <li key={`${error.line}-${index}`}>{m.errorLine(error.line, error.message)}</li>
        ))}
      </ul>
      {errors.length >= importRules.maxListedErrors ? (
        <p className={form.hint}>{m.moreErrors(errors.length)}</p>
      ) : null}
    </section>
  );
}

type PreviewRow = ImportPreview['rows'][number];
const previewColumn = createColumnHelper<PreviewRow>();

/** The first lines as the import will read them, in the product's one table (its own scroll box). */
function PreviewTable({ preview }: { preview: ImportPreview }) {
  const columns = [
    previewColumn.accessor('line', {
      header: m.line,
      cell: ({ getValue }) => formatCount(getValue()),
      meta: { numeric: true, rowHeader: true },
    }),
    ...importFields.map((field) =>
      previewColumn.display({
        id: field,
        header: importFieldLabels[field],
        cell: ({ row }) =>
          field === 'price' && row.original.priceCents !== null
            ? formatCents(row.original.priceCents)
            : (row.original.values[field] ?? ''),
        meta: field === 'price' ? { numeric: true } : field === 'designation' ? { wrap: true } : {},
      }),
    ),
    previewColumn.display({
      id: 'action',
      header: m.action,
      cell: ({ row: { original: row } }) => (
        <span className={row.action ? undefined : styles.refused}>
          {row.action === 'create'
            ? m.create
            : row.action === 'update'
              ? m.update
              : preview.missing.length
                ? ''
                : m.refused}
          {row.errors.map((error) => (
            <span key={error} className={styles.cellLine}>
              {error}
            </span>
          ))}
        </span>
      ),
      meta: { wrap: true },
    }),
  ];
  return (
    <DataTable
      caption={m.previewCaption(preview.rows.length, preview.lines)}
      captionClassName={styles.caption}
      columns={columns}
      rows={preview.rows}
      rowKey={(row) => String(row.line)}
      className={styles.previewBox}
    />
  );
}

/**
 * « Importer une liste de prix »: choose a CSV or XLSX file, map its columns (pre-filled from the
 * header's names by the server), read the first lines and every line's error in French, then
 * import with a progress bar and read what was created, updated and refused. An empty library is
 * offered the starter library instead.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { enterpriseId } = useStore($session);
  const empty = useStore($libraryEmpty);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const hintId = useId();
  // The latest preview asked for wins (a mapping changed twice quickly).
  const asked = useRef(0);

  const close = () => {
    setStage({ step: 'choose' });
    setError(null);
    onClose();
  };

  const readFile = async (file: File, mapping: ImportMapping | null, previous?: Stage) => {
    if (enterpriseId === null) return;
    setError(null);
    if (file.size > importRules.maxBytes) {
      setError(m.tooLarge);
      return;
    }
    const ask = ++asked.current;
    if (previous?.step === 'preview') setStage({ ...previous, checking: true });
    else setStage({ step: 'reading', sent: 0 });
    try {
      const preview = await previewLibraryImport(enterpriseId, file, mapping, {
        onProgress: (sent) => {
          if (ask === asked.current && !previous) setStage({ step: 'reading', sent });
        },
      });
      if (ask !== asked.current) return;
      setStage({ step: 'preview', file, preview, mapping: preview.mapping, checking: false });
    } catch (failure) {
      if (ask !== asked.current) return;
      setError(errorMessageFor(failure));
      setStage(previous?.step === 'preview' ? { ...previous, checking: false } : { step: 'choose' });
    }
  };

  const runImport = async (current: Extract<Stage, { step: 'preview' }>) => {
    if (enterpriseId === null) return;
    setError(null);
    setStage({ ...current, step: 'importing', sent: 0 });
    try {
      const result = await runLibraryImport(enterpriseId, current.file, current.mapping, {
        onProgress: (sent) => setStage({ ...current, step: 'importing', sent }),
      });
      libraryChanged();
      setStage({ step: 'done', result });
    } catch (failure) {
      setError(errorMessageFor(failure));
      setStage(current);
    }
  };

  const loadStarter = async () => {
    if (enterpriseId === null) return;
    setError(null);
    setStage({ step: 'reading', sent: 1, label: m.starterLoading });
    try {
      const created = await loadStarterLibrary(enterpriseId);
      libraryChanged();
      setStage({ step: 'starter', created });
    } catch (failure) {
      setError(errorMessageFor(failure));
      setStage({ step: 'choose' });
    }
  };

  const preview = stage.step === 'preview' || stage.step === 'importing' ? stage.preview : null;
  const mapping = stage.step === 'preview' || stage.step === 'importing' ? stage.mapping : null;
  const busy =
    stage.step === 'reading' || stage.step === 'importing' || (stage.step === 'preview' && stage.checking);
  const importable = preview ? preview.counts.create + preview.counts.update : 0;

  return (
    <Modal open={open} onClose={close} title={m.title}>
      <div className={styles.stack}>
        {error ? (
          <div className={form.alert} role="alert">
            <p style={{ margin: 0 }}>{error}</p>
          </div>
        ) : null}

        {stage.step === 'choose' || stage.step === 'reading' ? (
          <div className={form.field}>
            <label htmlFor={fileId}>{m.file}</label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={importRules.accept}
              aria-describedby={hintId}
              disabled={busy}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void readFile(file, null);
                // The same file chosen again (after fixing it) is read again.
                event.currentTarget.value = '';
              }}
            />
            <p id={hintId} className={form.hint}>
              {m.fileHint}
            </p>
          </div>
        ) : null}

        {stage.step === 'reading' ? <Progress sent={stage.sent} after={stage.label ?? m.reading} /> : null}

        {stage.step === 'choose' && empty === true ? (
          <section className={styles.starter} aria-label={m.starterTitle}>
            <p style={{ margin: 0, fontWeight: 600 }}>{m.starterTitle}</p>
            <p style={{ margin: 0 }}>{m.starterText}</p>
            <button type="button" className={button.secondary} onClick={loadStarter}>
              {m.starterButton}
            </button>
          </section>
        ) : null}

        {preview && mapping && stage.step !== 'done' ? (
          <>
            <fieldset className={styles.mapping} disabled={busy}>
              <legend className={form.legend} style={{ padding: 0, marginBottom: 4 }}>
                {m.mapping}
              </legend>
              {importFields.map((field) => (
                <MappingSelect
                  key={field}
                  field={field}
                  columns={preview.columns}
                  value={mapping[field]}
                  onChange={(column) => {
                    if (stage.step !== 'preview') return;
                    const next = { ...mapping, [field]: column };
                    setStage({ ...stage, mapping: next });
                    void readFile(stage.file, next, { ...stage, mapping: next });
                  }}
                />
              ))}
            </fieldset>
            <p className={form.hint} style={{ marginTop: -8 }}>
              {preview.missing.length
                ? m.missing(preview.missing.map((field) => importFieldLabels[field]).join(', '))
                : m.mappingHint}
            </p>
            <PreviewTable preview={preview} />
            {preview.missing.length === 0 ? (
              <p style={{ margin: 0 }} aria-live="polite">
                {m.summary(preview.counts.create, preview.counts.update, preview.counts.rejected)}
              </p>
            ) : null}
            <LineErrors errors={preview.errors} total={preview.errors.length} />
          </>
        ) : null}

        {stage.step === 'importing' ? <Progress sent={stage.sent} after={m.importing} /> : null}

        {stage.step === 'done' ? (
          <>
            <p className={form.success} role="status">
              {m.done} :{' '}
              {m.result(
                stage.result.created,
                stage.result.updated,
                stage.result.unchanged,
                stage.result.rejected,
              )}
            </p>
            <LineErrors errors={stage.result.errors} total={stage.result.errors.length} />
          </>
        ) : null}

        {stage.step === 'starter' ? (
          <p className={form.success} role="status">
            {m.starterLoaded(stage.created)}
          </p>
        ) : null}

        <div className={form.actions}>
          {stage.step === 'preview' || stage.step === 'importing' ? (
            <>
              <button
                type="button"
                className={button.primary}
                disabled={
                  busy || importable === 0 || (stage.step === 'preview' && stage.preview.missing.length > 0)
                }
                onClick={() => stage.step === 'preview' && runImport(stage)}
              >
                {m.importButton(importable)}
              </button>
              <button
                type="button"
                className={button.secondary}
                disabled={stage.step === 'importing'}
                onClick={() => {
                  setError(null);
                  setStage({ step: 'choose' });
                }}
              >
                {m.otherFile}
              </button>
            </>
          ) : null}
          <button
            type="button"
            className={button.secondary}
            disabled={stage.step === 'importing'}
            onClick={close}
          >
            {stage.step === 'done' || stage.step === 'starter' ? m.close : m.cancel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function MappingSelect({
  field,
  columns,
  value,
  onChange,
}: {
  field: (typeof importFields)[number];
  columns: string[];
  value: number | null;
  onChange: (column: number | null) => void;
}) {
  const id = useId();
  const required = requiredImportFields.includes(field);
  return (
    <div className={form.field}>
      <label htmlFor={id}>
        {importFieldLabels[field]}
        {required ? (
          <span className={form.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <select
        id={id}
        className={form.control}
        required={required}
        value={value === null ? '' : String(value)}
        onChange={(event) =>
          onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
        }
      >
        <option value="">{m.noColumn}</option>
        {columns.map((name, index) => (
          <option key={index} value={String(index)}>
            {m.column(index, name)}
          </option>
        ))}
      </select>
    </div>
  );
}
