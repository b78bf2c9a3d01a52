import { useId, useState } from 'react';
import type { InvoiceAction, InvoiceDetail } from '../../../api/invoices';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { clientPaths, dealPath, invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { Modal } from '../../../ui/modal/Modal';
import { InlineSpinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import InvoiceDocumentPane from '../documents/InvoiceDocumentPane';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import { chipStatus, StatusChip } from '../StatusChip';
import * as styles from './editor.css';
import { editableParts, type InvoiceDraft, setAllProgress } from './invoiceDraft';
import type { InvoiceEditorState, SaveState } from './invoiceEditorStore';
import { LineGrid, vatRateLabel } from './LineGrid';
import { PaymentTermsFields, PaymentTermsSummary } from './PaymentTermsFields';

export interface InvoiceEditorViewProps {
  state: InvoiceEditorState;
  /** h1 on its own screen, h2 when a platform page embeds it under its own heading. */
  headingLevel?: 1 | 2;
  onEdit: (change: (draft: InvoiceDraft) => InvoiceDraft) => void;
  /** Retry a failed save now. */
  onSave: () => void;
  onReload: () => void;
  onAction: (action: InvoiceAction) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

const saveLabels: Record<SaveState, string | null> = {
  saved: m.saved,
  dirty: m.unsaved,
  saving: m.saving,
  invalid: m.invalid,
  failed: null,
  stale: null,
};

type Dialog = 'validate' | 'cancel' | 'delete' | null;

/** The invoice editor's content, driven by its store's state (stories give their own). */
export function InvoiceEditorView({
  state,
  headingLevel = 1,
  onEdit,
  onSave,
  onReload,
  onAction,
  onDelete,
}: InvoiceEditorViewProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [allProgress, setAllProgressText] = useState('');
  const progressId = useId();
  const { invoice, draft } = state;

  if (state.status === 'loading') return <LoadingScreen title={m.loadingTitle} headingLevel={headingLevel} />;
  if (state.status !== 'ready' || !invoice || !draft) {
    return (
      <div className={styles.editor}>
        <Heading className={shared.title}>{m.listTitle}</Heading>
        <div className={shared.emptyPanel} role="alert">
          <p>{state.status === 'notFound' ? m.notFound : m.loadFailed}</p>
          <RouteLink to={clientPaths.invoices} className={shared.link}>
            {m.backToList}
          </RouteLink>
        </div>
      </div>
    );
  }

  const draftStatus = invoice.status === 'PROVISOIRE';
  const locked = invoice.lock.lockedByAnotherSession || state.lockedElsewhere;
  const editable = draftStatus && !locked && state.save !== 'stale';
  const parts = editableParts(invoice.kind);
  const busy = state.busy !== null;
  const canCancel = !draftStatus && !invoice.cancelled && invoice.kind !== 'credit_note';
  const saveLabel = saveLabels[state.save];

  async function confirm(action: 'validate' | 'cancel' | 'delete') {
    if (action === 'delete') await onDelete();
    else await onAction(action);
    setDialog(null);
  }

  return (
    <div className={styles.editor}>
      <div className={shared.header}>
        <div>
          <Heading className={shared.title}>
            {m.editorTitle(invoice.kind, invoice.number)} <StatusChip status={chipStatus(invoice)} />
          </Heading>
          <p className={shared.subtitle}>{invoice.title}</p>
        </div>
        <div className={shared.actions}>
          {draftStatus && saveLabel ? (
            <p className={styles.saveState} role="status">
              {state.save === 'saving' ? <InlineSpinner /> : null}
              {saveLabel}
            </p>
          ) : null}
          {draftStatus ? (
            <>
              <button
                type="button"
                className={button.secondary}
                disabled={busy || locked}
                onClick={() => setDialog('delete')}
              >
                {m.deleteInvoice}
              </button>
              <button
                type="button"
                className={button.primary}
                disabled={busy || !editable || state.save === 'invalid'}
                onClick={() => {
                  // The dialog shows the deadline and modes as saved: what waits is sent first.
                  onSave();
                  setDialog('validate');
                }}
              >
                {m.validate}
              </button>
            </>
          ) : null}
          {!draftStatus && invoice.kind !== 'credit_note' && !invoice.cancelled ? (
            <button
              type="button"
              className={button.secondary}
              disabled={busy || locked}
              aria-busy={state.busy === 'revert' || undefined}
              onClick={() => void onAction('revert')}
            >
              {state.busy === 'revert' ? <InlineSpinner /> : null}
              {m.revert}
            </button>
          ) : null}
          {canCancel ? (
            <button
              type="button"
              className={button.secondary}
              disabled={busy || locked}
              onClick={() => setDialog('cancel')}
            >
              {m.cancelInvoice}
            </button>
          ) : null}
        </div>
      </div>

      {locked ? (
        <p className={shared.alert} role="alert">
          {m.locked}
        </p>
      ) : null}
      {state.message ? (
        <div className={shared.alert} role="alert">
          <p>{state.message}</p>
          {state.save === 'failed' ? (
            <button type="button" className={button.secondary} onClick={onSave}>
              {m.retrySave}
            </button>
          ) : null}
          {state.save === 'stale' ? (
            <button type="button" className={button.secondary} onClick={onReload}>
              {m.reload}
            </button>
          ) : null}
        </div>
      ) : null}

      <section className={shared.panel} aria-label="En-tête de la facture">
        <dl className={shared.definitions}>
          <div>
            <dt>{m.customer}</dt>
            <dd>{invoice.customerName}</dd>
          </div>
          {invoice.businessJobId !== null ? (
            <div>
              <dt>{m.job}</dt>
              <dd>
                <RouteLink to={dealPath(invoice.businessJobId)} className={shared.link}>
                  {invoice.businessJobName}
                </RouteLink>
              </dd>
            </div>
          ) : null}
          {invoice.quoteNumber ? (
            <div>
              <dt>{m.quote}</dt>
              <dd>{invoice.quoteNumber}</dd>
            </div>
          ) : null}
          <div>
            <dt>{m.dueDate}</dt>
            <dd>{formatIsoDate(invoice.dueDate)}</dd>
          </div>
          {editable ? null : <PaymentTermsSummary invoice={invoice} />}
          {invoice.reverseCharge && !(editable && parts.reverseCharge) ? (
            <div>
              <dt>{m.vat}</dt>
              <dd>{m.reverseCharge}</dd>
            </div>
          ) : null}
          {invoice.creditedInvoiceId !== null ? (
            <div>
              <dt>{m.creditNoteOf}</dt>
              <dd>
                <RouteLink to={invoicePath(invoice.creditedInvoiceId)} className={shared.link}>
                  {m.openInvoice}
                </RouteLink>
              </dd>
            </div>
          ) : null}
          {invoice.creditNoteId !== null ? (
            <div>
              <dt>{m.cancelledBy}</dt>
              <dd>
                <RouteLink to={invoicePath(invoice.creditNoteId)} className={shared.link}>
                  {m.openInvoice}
                </RouteLink>
              </dd>
            </div>
          ) : null}
        </dl>
        {editable ? (
          <div className={styles.fields} style={{ marginTop: 16 }}>
            <TextField
              label={m.date}
              value={draft.date}
              error={state.errors.date}
              onChange={(date) => onEdit((current) => ({ ...current, date }))}
            />
            {parts.worksDate ? (
              <TextField
                label={m.worksDate}
                hint={m.worksDateHint}
                value={draft.worksDate}
                error={state.errors.worksDate}
                onChange={(worksDate) => onEdit((current) => ({ ...current, worksDate }))}
              />
            ) : null}
            <TextField
              label={m.title}
              value={draft.title}
              onChange={(title) => onEdit((current) => ({ ...current, title }))}
            />
            {parts.deposit ? (
              <TextField
                label={m.depositPercent}
                inputMode="decimal"
                value={draft.depositPercent}
                error={state.errors.depositPercent}
                onChange={(depositPercent) => onEdit((current) => ({ ...current, depositPercent }))}
              />
            ) : null}
            {parts.progress ? (
              <form
                className={shared.field}
                onSubmit={(event) => {
                  event.preventDefault();
                  onEdit((current) => setAllProgress(current, allProgress));
                }}
              >
                <label className={shared.label} htmlFor={progressId}>
                  {m.progressAll}
                </label>
                <div className={shared.actions}>
                  <input
                    id={progressId}
                    className={`${shared.control} ${shared.amount} ${styles.shortInput}`}
                    inputMode="decimal"
                    value={allProgress}
                    onChange={(event) => setAllProgressText(event.target.value)}
                  />
                  <button type="submit" className={button.secondary}>
                    {m.applyProgress}
                  </button>
                </div>
              </form>
            ) : null}
            <PaymentTermsFields
              draft={draft}
              errors={state.errors}
              reverseChargeEditable={parts.reverseCharge}
              onEdit={onEdit}
            />
          </div>
        ) : (
          <dl className={shared.definitions} style={{ marginTop: 16 }}>
            <div>
              <dt>{m.date}</dt>
              <dd>{formatIsoDate(invoice.date)}</dd>
            </div>
            {invoice.worksDate ? (
              <div>
                <dt>{m.worksDate}</dt>
                <dd>{formatIsoDate(invoice.worksDate)}</dd>
              </div>
            ) : null}
          </dl>
        )}
      </section>

      <div className={styles.body}>
        <div className={styles.linesArea}>
          <LineGrid
            kind={invoice.kind}
            draft={draft}
            errors={state.errors}
            lineTotals={state.lineTotals}
            vatRates={state.vatRates}
            precisions={state.precisions}
            editable={editable}
            onEdit={onEdit}
          />
        </div>
        <div className={styles.totalsArea}>
          <Totals invoice={invoice} headingLevel={headingLevel === 1 ? 2 : 3} />
        </div>
        <div className={styles.previewArea}>
          <InvoiceDocumentPane invoice={invoice} headingLevel={headingLevel === 1 ? 2 : 3} />
        </div>
      </div>

      <Modal
        open={dialog === 'validate'}
        onClose={() => setDialog(null)}
        title={m.validateTitle}
        size="narrow"
      >
        <dl className={shared.definitions}>
          <PaymentTermsSummary invoice={invoice} />
          <div>
            <dt>{m.dueDate}</dt>
            <dd>{formatIsoDate(invoice.dueDate)}</dd>
          </div>
          {invoice.reverseCharge ? (
            <div>
              <dt>{m.vat}</dt>
              <dd>{m.reverseCharge}</dd>
            </div>
          ) : null}
          <div>
            <dt>{m.totalInclTax}</dt>
            <dd>{formatCents(invoice.totalInclTaxCents)}</dd>
          </div>
        </dl>
        <p>{m.validateText}</p>
        <DialogActions
          busy={busy}
          label={m.validateConfirm}
          onClose={() => setDialog(null)}
          onConfirm={() => void confirm('validate')}
        />
      </Modal>
      <Modal open={dialog === 'cancel'} onClose={() => setDialog(null)} title={m.cancelTitle} size="narrow">
        <p>{m.cancelText}</p>
        <DialogActions
          busy={busy}
          label={m.cancelConfirm}
          onClose={() => setDialog(null)}
          onConfirm={() => void confirm('cancel')}
        />
      </Modal>
      <Modal open={dialog === 'delete'} onClose={() => setDialog(null)} title={m.deleteTitle} size="narrow">
        <p>{m.deleteText}</p>
        <DialogActions
          busy={busy}
          label={m.deleteConfirm}
          onClose={() => setDialog(null)}
          onConfirm={() => void confirm('delete')}
        />
      </Modal>
    </div>
  );
}

function DialogActions({
  busy,
  label,
  onClose,
  onConfirm,
}: {
  busy: boolean;
  label: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className={styles.modalActions}>
      <button type="button" className={button.secondary} onClick={onClose}>
        {m.close}
      </button>
      <button
        type="button"
        className={button.primary}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onConfirm}
      >
        {busy ? <InlineSpinner /> : null}
        {label}
      </button>
    </div>
  );
}

/** The server's totals: per VAT rate, then HT, TTC, retainage, payments and what is left to pay. */
function Totals({ invoice, headingLevel }: { invoice: InvoiceDetail; headingLevel: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={shared.panel} aria-labelledby={headingId}>
      <Heading id={headingId} className={shared.sectionTitle}>
        {m.totals}
      </Heading>
      <dl className={styles.totals}>
        {invoice.vatTotals.flatMap((vat) => [
          <dt key={`base-${vat.vatRateId}`}>{m.baseAt(vatRateLabel(vat.basisPoints))}</dt>,
          <dd key={`base-${vat.vatRateId}-value`}>{formatCents(vat.baseCents)}</dd>,
          <dt key={`vat-${vat.vatRateId}`}>{m.vatAt(vatRateLabel(vat.basisPoints))}</dt>,
          <dd key={`vat-${vat.vatRateId}-value`}>{formatCents(vat.vatCents)}</dd>,
        ])}
        <dt className={styles.grandTotal}>{m.totalExclTax}</dt>
        <dd className={styles.grandTotal}>{formatCents(invoice.totalExclTaxCents)}</dd>
        <dt>TVA</dt>
        <dd>{formatCents(invoice.totalVatCents)}</dd>
        {invoice.reverseCharge ? <dd className={styles.mention}>{m.reverseCharge}</dd> : null}
        <dt className={styles.grandTotal}>{m.totalInclTax}</dt>
        <dd className={styles.grandTotal}>{formatCents(invoice.totalInclTaxCents)}</dd>
        {invoice.retainageCents !== 0 ? (
          <>
            <dt>{m.retainage}</dt>
            <dd>{formatCents(-invoice.retainageCents)}</dd>
          </>
        ) : null}
        {invoice.paidCents !== 0 ? (
          <>
            <dt>{m.paid}</dt>
            <dd>{formatCents(-invoice.paidCents)}</dd>
          </>
        ) : null}
        <dt className={styles.grandTotal}>{m.balance}</dt>
        <dd className={styles.grandTotal}>{formatCents(invoice.balanceCents)}</dd>
      </dl>
    </section>
  );
}
