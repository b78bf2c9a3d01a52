import { useId } from 'react';
import { type PaymentMode, paymentDeadlineRules, paymentModes } from '../../../api/customers';
import type { InvoiceDetail } from '../../../api/invoices';
import { DateField } from '../../../ui/DateField';
import { TextField } from '../../../ui/TextField';
import { deadlineValueLabels } from '../../customers/form/deadlineTexts';
import { describeDeadline } from '../../customers/form/describe';
import { deadlineRuleLabels, paymentModeLabels } from '../../customers/messages';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import * as styles from './editor.css';
import type { DraftErrors, InvoiceDraft } from './invoiceDraft';

export interface PaymentTermsFieldsProps {
  draft: InvoiceDraft;
  errors: DraftErrors;
  /** A simple invoice sets its own reverse charge; an invoice of a quote has the quote's. */
  reverseChargeEditable: boolean;
  onEdit: (change: (draft: InvoiceDraft) => InvoiceDraft) => void;
}

/**
 * A draft's payment deadline (the four rules of spec section 5, as on the customer sheet), its
 * payment modes, and reverse charge. They start from the customer's (else the company's) and the
 * validation dialog shows them.
 */
export function PaymentTermsFields({
  draft,
  errors,
  reverseChargeEditable,
  onEdit,
}: PaymentTermsFieldsProps) {
  const ids = { rule: useId(), modes: useId(), reverse: useId() };
  const toggleMode = (mode: PaymentMode) =>
    onEdit((current) => ({
      ...current,
      paymentModes: current.paymentModes.includes(mode)
        ? current.paymentModes.filter((other) => other !== mode)
        : paymentModes.filter((known) => known === mode || current.paymentModes.includes(known)),
    }));
  return (
    <>
      <div className={shared.field}>
        <label className={shared.label} htmlFor={ids.rule}>
          {m.deadline}
        </label>
        <select
          id={ids.rule}
          className={shared.control}
          value={draft.deadlineRule}
          onChange={(event) => onEdit((current) => ({ ...current, deadlineRule: event.target.value }))}
        >
          {paymentDeadlineRules.map((rule) => (
            <option key={rule} value={rule}>
              {deadlineRuleLabels[rule]}
            </option>
          ))}
        </select>
      </div>
      {draft.deadlineRule === 'date' ? (
        <DateField
          label={deadlineValueLabels.date ?? m.deadline}
          valueFormat="text"
          value={draft.deadlineValue}
          error={errors.deadlineValue}
          onChange={(deadlineValue) => onEdit((current) => ({ ...current, deadlineValue }))}
        />
      ) : (
        <TextField
          label={deadlineValueLabels[draft.deadlineRule] ?? m.deadline}
          inputMode="numeric"
          value={draft.deadlineValue}
          error={errors.deadlineValue}
          onChange={(deadlineValue) => onEdit((current) => ({ ...current, deadlineValue }))}
        />
      )}
      <fieldset
        className={`${shared.field} ${styles.choices}`}
        aria-describedby={errors.paymentModes ? `${ids.modes}-error` : undefined}
      >
        <legend className={shared.label}>{m.modes}</legend>
        <div className={styles.choiceList}>
          {paymentModes.map((mode) => (
            <label key={mode} className={styles.choice}>
              <input
                type="checkbox"
                checked={draft.paymentModes.includes(mode)}
                onChange={() => toggleMode(mode)}
              />
              {paymentModeLabels[mode]}
            </label>
          ))}
        </div>
        {errors.paymentModes ? (
          <p id={`${ids.modes}-error`} className={shared.error}>
            {errors.paymentModes}
          </p>
        ) : null}
      </fieldset>
      {reverseChargeEditable ? (
        <div className={shared.field}>
          <label className={styles.choice} htmlFor={ids.reverse}>
            <input
              id={ids.reverse}
              type="checkbox"
              checked={draft.reverseCharge}
              onChange={(event) => onEdit((current) => ({ ...current, reverseCharge: event.target.checked }))}
            />
            {m.reverseChargeField}
          </label>
          <p className={styles.hint}>{m.reverseChargeHint}</p>
        </div>
      ) : null}
    </>
  );
}

/**
 * The saved deadline and modes, as terms in a `<dl>`: read-only on a validated or locked invoice,
 * and in the validation dialog (what the invoice will say).
 */
export function PaymentTermsSummary({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <>
      <div>
        <dt>{m.deadline}</dt>
        <dd>{describeDeadline(invoice.paymentDeadline)}</dd>
      </div>
      <div>
        <dt>{m.modes}</dt>
        <dd>{invoice.paymentModes.map((mode) => paymentModeLabels[mode]).join(', ')}</dd>
      </div>
    </>
  );
}
