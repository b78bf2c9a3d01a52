import { useId, useState } from 'react';
import type { CreditNoteLineInput, InvoiceAction, InvoiceDetail } from '../../../api/invoices';
import { formatCents, formatIsoDate, parseFrenchDate } from '../../../contract/format';
import { invoiceTextLimits } from '../../../contract/invoiceLines';
import { unprintableCharacters } from '../../../contract/printable';
import { toIsoDate } from '../../../i18n/format';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { clientPaths, dealPath, invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { DateField } from '../../../ui/DateField';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { Modal } from '../../../ui/modal/Modal';
import { PermissionGate } from '../../../ui/permission/PermissionGate';
import { InlineSpinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { CreditNoteDialog } from '../creditNote/CreditNoteDialog';
import InvoiceDocumentPane from '../documents/InvoiceDocumentPane';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import { chipStatus, StatusChip } from '../StatusChip';
import * as styles from './editor.css';
import { editableParts, type InvoiceDraft, setAllProgress } from './invoiceDraft';
import type { InvoiceEditorState, SaveState } from './invoiceEditorStore';
import { LineGrid, vatRateLabel } from './LineGrid';
import { PaymentTermsFields, PaymentTermsSummary } from './PaymentTermsFields';
import { RevertDialog } from './RevertDialog';

export interface InvoiceEditorViewProps {
  state: InvoiceEditorState;
  /** h1 on its own screen, h2 when a platform page embeds it under its own heading. */
  headingLevel?: 1 | 2;
  onEdit: (change: (draft: InvoiceDraft) => InvoiceDraft) => void;
  /** Retry a failed save now. */
  onSave: () => void;
  onReload: () => void;
  /** True when done; false when refused (the state's message says why, the dialog stays open). */
  onAction: (action: InvoiceAction, options?: { reason?: string }) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
  /** « Créer un avoir »: the company, and what follows the credit note's creation (it opens). */
  enterpriseId: number;
  onCreditNoteCreated: (creditNote: InvoiceDetail) => void;
  /** For stories and tests: the call that creates a credit note (default: the API). */
  createCreditNote?: (
    enterpriseId: number,
    invoiceId: number,
    lines: CreditNoteLineInput[],
  ) => Promise<InvoiceDetail>;
}

const saveLabels: Record<SaveState, string | null> = {
  saved: m.saved,
  dirty: m.unsaved,
  saving: m.saving,
  invalid: m.invalid,
  failed: null,
  stale: null,
};

type Dialog = 'validate' | 'cancel' | 'delete' | 'revert' | 'creditNote' | null;

/**
 * The texts the PDF prints from what this editor shows: the customer (name and address, read by
 * the store), the title, and the lines with their chapters and units.
 */
function printedTexts(state: InvoiceEditorState): string[] {
  const { draft, invoice, customerTexts } = state;
  return [
    invoice?.customerName ?? '',
    ...customerTexts,
    draft?.title ?? '',
    ...(draft?.lines ?? []).flatMap((line) => [line.label, line.unit]),
  ];
}

/** The invoice editor's content, driven by its store's state (stories give their own). */
export function InvoiceEditorView({
  state,
  headingLevel = 1,
  onEdit,
  onSave,
  onReload,
  onAction,
  onDelete,
  enterpriseId,
  onCreditNoteCreated,
  createCreditNote,
}: InvoiceEditorViewProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The open dialog's action was refused: its message shows in the dialog, not behind it. */
  const [dialogFailed, setDialogFailed] = useState(false);
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
  /** Revert, cancel and partial credit notes: a validated invoice that nothing cancelled yet (admins). */
  const correctable = !draftStatus && !invoice.cancelled && invoice.kind !== 'credit_note';
  const saveLabel = saveLabels[state.save];
  const unprintable = draftStatus ? unprintableCharacters(printedTexts(state).join('\n')) : [];
  const dialogMessage = dialog !== null && dialogFailed ? state.message : null;
  // The server refuses to validate an invoice dated after today (invoice_date_in_future): said first.
  const typedDate = parseFrenchDate(draft.date);
  const dateInFuture = draftStatus && typedDate !== null && typedDate > toIsoDate(new Date());

  function open(next: Dialog) {
    setDialogFailed(false);
    setDialog(next);
  }

  /** Closes the dialog once done; a refusal keeps it open with the server's sentence and what was typed. */
  async function confirm(action: 'validate' | 'cancel' | 'delete' | 'revert', reason?: string) {
    setDialogFailed(false);
    const done =
      action === 'delete'
        ? await onDelete()
        : await onAction(action, reason === undefined ? undefined : { reason });
    if (done) setDialog(null);
    else setDialogFailed(true);
  }

  return (
    <div className={styles.editor}>
      <div className={shared.header}>
        <div>
          <Heading className={shared.title}>
            {m.editorTitle(invoice.kind, invoice.number)}{' '}
            <StatusChip status={chipStatus(invoice)} kind={invoice.kind} />
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
                onClick={() => open('delete')}
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
                  open('validate');
                }}
              >
                {m.validate}
              </button>
            </>
          ) : null}
          {correctable ? (
            // Admins only (the server answers 403 to others): shown, inert, with the reason.
            <PermissionGate adminRequired action="no_click">
              <span className={shared.actions}>
                <button
                  type="button"
                  className={button.secondary}
                  disabled={busy || locked}
                  onClick={() => open('revert')}
                >
                  {m.revert}
                </button>
                <button
                  type="button"
                  className={button.secondary}
                  disabled={busy || locked}
                  onClick={() => open('creditNote')}
                >
                  {m.createCreditNote}
                </button>
                <button
                  type="button"
                  className={button.secondary}
                  disabled={busy || locked}
                  onClick={() => open('cancel')}
                >
                  {m.cancelInvoice}
                </button>
              </span>
            </PermissionGate>
          ) : null}
        </div>
      </div>

      {locked ? (
        <p className={shared.alert} role="alert">
          {m.locked}
        </p>
      ) : null}
      {state.message && !dialogMessage ? (
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
            <DateField
              label={m.date}
              valueFormat="text"
              value={draft.date}
              error={state.errors.date}
              onChange={(date) => onEdit((current) => ({ ...current, date }))}
            />
            {parts.worksDate ? (
              <DateField
                label={m.worksDate}
                valueFormat="text"
                hint={m.worksDateHint}
                value={draft.worksDate}
                error={state.errors.worksDate}
                onChange={(worksDate) => onEdit((current) => ({ ...current, worksDate }))}
              />
            ) : null}
            <TextField
              label={m.title}
              value={draft.title}
              maxLength={invoiceTextLimits.title}
              error={state.errors.title}
              hint={
                draft.title.length >= invoiceTextLimits.title
                  ? m.atMaxLength(invoiceTextLimits.title)
                  : undefined
              }
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

      {unprintable.length > 0 ? <UnprintableWarning characters={unprintable} /> : null}

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
        {unprintable.length > 0 ? <UnprintableWarning characters={unprintable} /> : null}
        <DialogError message={dateInFuture ? serverErrorMessages.invoice_date_in_future : dialogMessage} />
        <DialogActions
          busy={busy || dateInFuture}
          label={m.validateConfirm}
          onClose={() => setDialog(null)}
          onConfirm={() => void confirm('validate')}
        />
      </Modal>
      <Modal open={dialog === 'cancel'} onClose={() => setDialog(null)} title={m.cancelTitle} size="narrow">
        <p>{m.cancelText(formatCents(invoice.totalInclTaxCents), invoice.number)}</p>
        <DialogError message={dialogMessage} />
        <DialogActions
          busy={busy}
          label={m.cancelConfirm}
          dismiss={m.cancelDismiss}
          onClose={() => setDialog(null)}
          onConfirm={() => void confirm('cancel')}
        />
      </Modal>
      <RevertDialog
        open={dialog === 'revert'}
        invoice={invoice}
        busy={busy}
        error={dialogMessage}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => void confirm('revert', reason)}
      />
      {dialog === 'creditNote' ? (
        <CreditNoteDialog
          enterpriseId={enterpriseId}
          invoice={invoice}
          precisions={state.precisions}
          onClose={() => setDialog(null)}
          onCreated={(creditNote) => {
            setDialog(null);
            onCreditNoteCreated(creditNote);
          }}
          {...(createCreditNote ? { create: createCreditNote } : {})}
        />
      ) : null}
      <Modal open={dialog === 'delete'} onClose={() => setDialog(null)} title={m.deleteTitle} size="narrow">
        <p>{m.deleteText}</p>
        <DialogError message={dialogMessage} />
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

/** A refusal of the dialog's action, in the dialog (the page behind it is inert). */
function DialogError({ message }: { message: string | null }) {
  return message ? (
    <p className={shared.alert} role="alert">
      {message}
    </p>
  ) : null;
}

/** Characters of the customer, the title or the lines that the PDF would print as a replacement mark. */
function UnprintableWarning({ characters }: { characters: readonly string[] }) {
  return (
    <div className={styles.warning} role="status">
      <p style={{ margin: 0 }}>{m.unprintable(characters)}</p>
      <p style={{ margin: 0 }}>{m.unprintableHint}</p>
    </div>
  );
}

function DialogActions({
  busy,
  label,
  dismiss = m.close,
  onClose,
  onConfirm,
}: {
  busy: boolean;
  label: string;
  /** The button that leaves the dialog: « Annuler », unless the question itself is about cancelling. */
  dismiss?: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className={styles.modalActions}>
      <button type="button" className={button.secondary} onClick={onClose}>
        {dismiss}
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

/**
 * The server's totals: per VAT rate, then HT, TTC, retainage, payments and what is left to pay.
 * A credit note reads as its PDF does: its stored amounts are negative (it cancels), shown
 * positive, and its last line is « Montant de l'avoir » (TTC − retainage), not a balance: the
 * server's balance of a credit note is 0 (it owes nothing; it settles the invoice it corrects).
 */
function Totals({ invoice, headingLevel }: { invoice: InvoiceDetail; headingLevel: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const creditNote = invoice.kind === 'credit_note';
  // The PDF's sign (server/src/documents/mentions.ts documentSign).
  const sign = creditNote ? -1 : 1;
  const money = (cents: number) => formatCents(sign * cents);
  return (
    <section className={shared.panel} aria-labelledby={headingId}>
      <Heading id={headingId} className={shared.sectionTitle}>
        {m.totals}
      </Heading>
      <dl className={styles.totals}>
        {invoice.vatTotals.flatMap((vat) => [
          <dt key={`base-${vat.vatRateId}`}>{m.baseAt(vatRateLabel(vat.basisPoints))}</dt>,
          <dd key={`base-${vat.vatRateId}-value`}>{money(vat.baseCents)}</dd>,
          <dt key={`vat-${vat.vatRateId}`}>{m.vatAt(vatRateLabel(vat.basisPoints))}</dt>,
          <dd key={`vat-${vat.vatRateId}-value`}>{money(vat.vatCents)}</dd>,
        ])}
        <dt className={styles.grandTotal}>{m.totalExclTax}</dt>
        <dd className={styles.grandTotal}>{money(invoice.totalExclTaxCents)}</dd>
        <dt>TVA</dt>
        <dd>{money(invoice.totalVatCents)}</dd>
        {invoice.reverseCharge ? <dd className={styles.mention}>{m.reverseCharge}</dd> : null}
        <dt className={styles.grandTotal}>{m.totalInclTax}</dt>
        <dd className={styles.grandTotal}>{money(invoice.totalInclTaxCents)}</dd>
        {invoice.retainageCents !== 0 ? (
          <>
            <dt>{m.retainage}</dt>
            <dd>{formatCents(-sign * invoice.retainageCents)}</dd>
          </>
        ) : null}
        {creditNote ? (
          <>
            <dt className={styles.grandTotal}>{m.creditNoteAmount}</dt>
            <dd className={styles.grandTotal}>{money(invoice.totalInclTaxCents - invoice.retainageCents)}</dd>
          </>
        ) : (
          <>
            {invoice.paidCents !== 0 ? (
              <>
                <dt>{m.paid}</dt>
                <dd>{formatCents(-invoice.paidCents)}</dd>
              </>
            ) : null}
            <dt className={styles.grandTotal}>{m.balance}</dt>
            <dd className={styles.grandTotal}>{formatCents(invoice.balanceCents)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
