import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentMode } from '../../api/customers';
import { paymentModes } from '../../api/customers';
import { type BatchPayResult, batchPay, type Outstanding, type PayRow } from '../../api/payments';
import {
  formatCents,
  formatDecimal,
  formatIsoDate,
  parseCents,
  parseFrenchDate,
} from '../../contract/format';
import {
  missingChequeFields,
  paidBeforeIssuance,
  paymentAmountRefusal,
  paymentTextLimits,
  payRowSchema,
} from '../../contract/payments';
import { formatDate } from '../../i18n/format';
import { errorMessageFor, serverErrorMessage, serverErrorMessages } from '../../i18n/serverErrors';
import { validationMessages } from '../../i18n/validationMessages';
import { button } from '../../ui/button.css';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/modal/Modal';
import { TextField } from '../../ui/TextField';
import { paymentModeLabels } from '../customers/messages';
import { DialogActions } from './DialogActions';
import { paymentMessages as m } from './messages';
import * as styles from './payments.css';

export interface PayDialogProps {
  open: boolean;
  enterpriseId: number;
  rows: readonly Outstanding[];
  banks: readonly { id: number; name: string; isDefault?: boolean }[];
  onClose: () => void;
  /** After an answer: the keys of the rows paid (the others stay, with their reason). */
  onPaid: (paidKeys: string[]) => void;
  /** For stories and tests: the call that pays (default: the API). */
  pay?: (enterpriseId: number, rows: PayRow[]) => Promise<BatchPayResult>;
}

interface RowDraft {
  full: boolean;
  /** What the user typed for a partial amount (French decimal). */
  amount: string;
}

const nameOf = (row: Outstanding) =>
  `${m.invoiceName(row.invoiceNumber, row.invoiceId)}${row.isRetainage ? ` (${m.retainage.toLowerCase()})` : ''}`;

/**
 * Pays the selected outstanding lines in one batch: one date, mode, bank and comment (cheque number
 * and drawer for a cheque), and per line the whole balance or part of it. A date before an
 * invoice's issue asks first whether the payment was received before issuance. Rows the server
 * refuses stay in the dialog with their reason; nothing typed is lost.
 */
export function PayDialog({
  open,
  enterpriseId,
  rows,
  banks,
  onClose,
  onPaid,
  pay = batchPay,
}: PayDialogProps) {
  const id = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  /** A cheque's number and drawer: the first one missing gets the focus. */
  const chequeRefs = useRef<Record<'chequeNumber' | 'drawer', HTMLInputElement | null>>({
    chequeNumber: null,
    drawer: null,
  });
  /** The amount inputs by row key: a refused amount gets the focus. */
  const amountRefs = useRef<Record<string, HTMLInputElement | null>>({});
  /** The question's first answer: it gets the focus when the question appears. */
  const yesRef = useRef<HTMLButtonElement>(null);
  const [date, setDate] = useState(() => formatDate(new Date()));
  const [mode, setMode] = useState<PaymentMode>('transfer');
  const defaultBankId = String(banks.find((b) => b.isDefault)?.id ?? banks[0]?.id ?? '');
  /** The user's choice; until then the default, which follows the banks (they may arrive late). */
  const [chosenBankId, setChosenBankId] = useState<string | null>(null);
  const bankId = chosenBankId ?? defaultBankId;
  const [comment, setComment] = useState('');
  const [chequeNumber, setChequeNumber] = useState('');
  const [drawer, setDrawer] = useState('');
  const [drafts, setDrafts] = useState<Record<string, RowDraft>>({});
  const [asking, setAsking] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ summary: string; reasons: Record<string, string> } | null>(null);

  // A keyboard user lands on the question's answer instead of looking for it.
  useEffect(() => {
    if (asking) yesRef.current?.focus();
  }, [asking]);

  const draftOf = (row: Outstanding): RowDraft =>
    drafts[row.key] ?? { full: true, amount: formatDecimal(row.balanceCents, 2, { grouping: false }) };
  const setDraft = (row: Outstanding, changes: Partial<RowDraft>) =>
    setDrafts((all) => ({ ...all, [row.key]: { ...draftOf(row), ...changes } }));

  const typedDay = parseFrenchDate(date);
  // The server's rule for the day (src/contract/payments.ts): no later than 31/12/2100.
  const paidOn = typedDay && payRowSchema.shape.paidOn.safeParse(typedDay).success ? typedDay : null;
  const dateError =
    submitted && !paidOn
      ? date.trim() === ''
        ? validationMessages.required
        : typedDay
          ? validationMessages.dateTooLate
          : validationMessages.date
      : null;
  const creditNote = mode === 'avoir';
  /** What a stray backdrop click or Escape would throw away: asked first (issue 26). */
  const typedSomething =
    [comment, chequeNumber, drawer].some((text) => text.trim() !== '') ||
    Object.values(drafts).some((draft) => !draft.full);
  // A cheque goes on a remittance slip, which prints both (the server's rule, src/contract/payments.ts).
  const missingCheque = submitted ? missingChequeFields({ mode, chequeNumber, drawer }) : [];
  const chequeError = (name: 'chequeNumber' | 'drawer') =>
    missingCheque.includes(name) ? validationMessages.required : null;
  /** Cash and credit notes go through no bank. */
  const bankless = mode === 'cash' || creditNote;

  const amountOf = (row: Outstanding): { cents: number | null; error: string | null } => {
    if (creditNote) return { cents: 0, error: null };
    const draft = draftOf(row);
    if (draft.full) return { cents: row.balanceCents, error: null };
    const cents = parseCents(draft.amount);
    if (cents === null) return { cents: null, error: validationMessages.number };
    // The server's own rule (src/contract/payments.ts): the same refusal, before sending.
    const refusal = paymentAmountRefusal(cents, row.balanceCents);
    return refusal ? { cents: null, error: serverErrorMessages[refusal] } : { cents, error: null };
  };
  const amounts = rows.map(amountOf);
  const total = amounts.reduce((sum, a) => sum + (a.cents ?? 0), 0);
  const beforeIssuance = paidOn !== null && rows.some((row) => paidBeforeIssuance(paidOn, row.invoiceDate));

  async function submit(receivedBeforeIssuance: boolean) {
    setSubmitted(true);
    if (!paidOn) {
      dateRef.current?.focus();
      return;
    }
    const [chequeMissing] = missingChequeFields({ mode, chequeNumber, drawer });
    if (chequeMissing) {
      chequeRefs.current[chequeMissing]?.focus();
      return;
    }
    const wrong = rows.find((_, i) => amounts[i]!.error);
    if (wrong) {
      amountRefs.current[wrong.key]?.focus();
      return;
    }
    if (beforeIssuance && !receivedBeforeIssuance) {
      setAsking(true);
      return;
    }
    setAsking(false);
    setBusy(true);
    setFailure(null);
    const cheque = mode === 'check';
    const body: PayRow[] = rows.map((row, i) => ({
      invoiceId: row.invoiceId,
      isRetainage: row.isRetainage,
      amountCents: amounts[i]!.cents ?? 0,
      paidOn,
      mode,
      bankId: bankId === '' || bankless ? null : Number(bankId),
      comment: comment.trim(),
      chequeNumber: cheque && chequeNumber.trim() ? chequeNumber.trim() : null,
      drawer: cheque && drawer.trim() ? drawer.trim() : null,
      ...(paidBeforeIssuance(paidOn, row.invoiceDate) ? { receivedBeforeIssuance: true } : {}),
    }));
    try {
      const answer = await pay(enterpriseId, body);
      const keyOf = (invoiceId: number, isRetainage: boolean) =>
        `${isRetainage ? 'retainage' : 'invoice'}-${invoiceId}`;
      const paidKeys = answer.data.paid.map((p) => keyOf(p.invoiceId, p.isRetainage));
      if (answer.data.failed.length > 0) {
        const summary = answer.errors
          .map((error) => serverErrorMessage(error.key, { items: error.items.join(', ') }))
          .join(' ');
        setFailure({
          summary,
          reasons: Object.fromEntries(
            answer.data.failed.map((f) => [keyOf(f.invoiceId, f.isRetainage), serverErrorMessage(f.key)]),
          ),
        });
      }
      onPaid(paidKeys);
    } catch (error) {
      setFailure({ summary: errorMessageFor(error), reasons: {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={m.payTitle(rows.length)} unsaved={typedSomething}>
      <form
        noValidate
        className={styles.dialogGrid}
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        {failure ? (
          <div className={styles.alert} role="alert">
            {failure.summary}
          </div>
        ) : null}
        <div className={styles.fieldsRow}>
          <DateField
            ref={dateRef}
            label={m.paidOn}
            valueFormat="text"
            value={date}
            error={dateError}
            onChange={(value) => {
              setDate(value);
              setAsking(false);
            }}
          />
          <Field label={m.mode}>
            {(control) => (
              <select
                {...control}
                value={mode}
                onChange={(event) => setMode(event.target.value as PaymentMode)}
              >
                {paymentModes.map((option) => (
                  <option key={option} value={option}>
                    {paymentModeLabels[option]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={m.bank}>
            {(control) => (
              <select
                {...control}
                value={bankId}
                disabled={bankless}
                onChange={(event) => setChosenBankId(event.target.value)}
              >
                <option value="">{m.noBank}</option>
                {banks.map((bank) => (
                  <option key={bank.id} value={String(bank.id)}>
                    {bank.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {mode === 'check' ? (
          <div className={styles.fieldsRow}>
            <TextField
              ref={(input) => {
                chequeRefs.current.chequeNumber = input;
              }}
              label={m.chequeNumber}
              value={chequeNumber}
              maxLength={paymentTextLimits.chequeNumber}
              required
              error={chequeError('chequeNumber')}
              onChange={setChequeNumber}
            />
            <TextField
              ref={(input) => {
                chequeRefs.current.drawer = input;
              }}
              label={m.drawer}
              value={drawer}
              maxLength={paymentTextLimits.drawer}
              required
              error={chequeError('drawer')}
              onChange={setDrawer}
            />
          </div>
        ) : null}
        <TextField
          label={m.comment}
          value={comment}
          maxLength={paymentTextLimits.comment}
          onChange={setComment}
        />

        <ul aria-label={m.amount} className={styles.dialogRows}>
          {rows.map((row, i) => {
            const draft = draftOf(row);
            const error = submitted ? amounts[i]!.error : null;
            const reason = failure?.reasons[row.key];
            return (
              <li key={row.key} className={styles.dialogRow}>
                <div>
                  <strong>{nameOf(row)}</strong>
                  <div className={styles.subtitle}>
                    {row.customerName} · {formatIsoDate(row.invoiceDate)} · {m.remaining(row.balanceCents)}
                  </div>
                  {reason ? <p className={styles.fieldError}>{m.failedRow(nameOf(row), reason)}</p> : null}
                </div>
                <fieldset className={styles.amountKind} disabled={creditNote}>
                  <legend className={styles.label}>{m.amount}</legend>
                  <label>
                    <input
                      type="radio"
                      name={`${id}-${row.key}-kind`}
                      checked={draft.full}
                      onChange={() => setDraft(row, { full: true })}
                    />{' '}
                    {m.full}
                  </label>{' '}
                  <label>
                    <input
                      type="radio"
                      name={`${id}-${row.key}-kind`}
                      checked={!draft.full}
                      onChange={() => setDraft(row, { full: false })}
                    />{' '}
                    {m.partial}
                  </label>
                </fieldset>
                <TextField
                  ref={(input) => {
                    amountRefs.current[row.key] = input;
                  }}
                  label={m.amountFor(nameOf(row))}
                  inputMode="decimal"
                  value={
                    creditNote
                      ? '0'
                      : draft.full
                        ? formatDecimal(row.balanceCents, 2, { grouping: false })
                        : draft.amount
                  }
                  readOnly={creditNote || draft.full}
                  error={error}
                  onChange={(amount) => setDraft(row, { amount })}
                />
              </li>
            );
          })}
        </ul>
        {creditNote ? <p className={styles.subtitle}>{serverErrorMessages.credit_payment_nonzero}</p> : null}

        {asking ? (
          <div className={styles.question} role="alertdialog" aria-labelledby={`${id}-question`}>
            <p id={`${id}-question`}>
              <strong>{validationMessages.paymentBeforeInvoice}</strong>
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                ref={yesRef}
                className={button.primary}
                disabled={busy}
                onClick={() => void submit(true)}
              >
                {m.beforeIssuanceYes}
              </button>
              <button
                type="button"
                className={button.secondary}
                onClick={() => {
                  setAsking(false);
                  dateRef.current?.focus();
                }}
              >
                {m.beforeIssuanceNo}
              </button>
            </div>
          </div>
        ) : null}

        <DialogActions
          confirm={
            <button type="submit" className={button.primary} disabled={busy || rows.length === 0}>
              {m.confirmPay(rows.length)} · {formatCents(total)}
            </button>
          }
          progress={busy ? m.paying(rows.length) : null}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
