import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldError, get, useFieldArray, useForm } from 'react-hook-form';
import {
  type CreditNoteLineInput,
  createCreditNote,
  type InvoiceDetail,
  type Precisions,
} from '../../../api/invoices';
import { invoiceTextLimits } from '../../../contract/invoiceLines';
import { formatCents } from '../../../i18n/format';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { logger } from '../../../logging/logger';
import { button, iconButton } from '../../../ui/button.css';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/modal/Modal';
import { InlineSpinner } from '../../../ui/Spinner';
import { visuallyHidden } from '../../../ui/theme.css';
import * as styles from '../editor/editor.css';
import { vatRateLabel } from '../editor/LineGrid';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import {
  type CreditNoteFormValues,
  creditNoteLines,
  creditNotePreview,
  creditNoteSchema,
  emptyCreditNoteLine,
  initialCreditNoteValues,
  invoiceRates,
  MAX_CREDIT_NOTE_LINES,
} from './creditNoteForm';

export interface CreditNoteDialogProps {
  enterpriseId: number;
  invoice: InvoiceDetail;
  precisions: Precisions;
  onClose: () => void;
  /** The credit note, validated and numbered: the editor opens it. */
  onCreated: (creditNote: InvoiceDetail) => void;
  /** For stories and tests: the call that creates it (default: the API). */
  create?: (enterpriseId: number, invoiceId: number, lines: CreditNoteLineInput[]) => Promise<InvoiceDetail>;
}

/**
 * « Créer un avoir » on a validated invoice (admins): one amount (« Geste commercial ») or detailed
 * lines at the invoice's VAT rates, the totals following the typing. A refusal keeps everything
 * typed, with the server's sentence. Mounted while open (each opening starts afresh).
 */
export function CreditNoteDialog({
  enterpriseId,
  invoice,
  precisions,
  onClose,
  onCreated,
  create = createCreditNote,
}: CreditNoteDialogProps) {
  const id = useId();
  const rates = invoiceRates(invoice);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreditNoteFormValues>({
    defaultValues: initialCreditNoteValues(rates),
    resolver: zodResolver(creditNoteSchema),
    shouldFocusError: true,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const values = watch();
  const preview = creditNotePreview(values, rates, precisions, invoice.reverseCharge);
  const errorOf = (name: string) => (get(errors, name) as FieldError | undefined)?.message;

  async function submit(valid: CreditNoteFormValues) {
    setFailure(null);
    try {
      onCreated(await create(enterpriseId, invoice.id, creditNoteLines(valid, precisions)));
    } catch (error) {
      logger.warn('Error creating credit note', { error, labels: { invoiceId: invoice.id } });
      setFailure(errorMessageFor(error));
    }
  }

  const rateOptions = rates.map((rate) => (
    <option key={rate.vatRateId} value={rate.vatRateId}>
      {vatRateLabel(rate.basisPoints)}
    </option>
  ));

  return (
    <Modal open onClose={onClose} title={m.creditNoteTitle(invoice.number)}>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <p>{m.creditNoteText}</p>
        {failure ? (
          <p className={shared.alert} role="alert">
            {failure}
          </p>
        ) : null}
        <fieldset className={styles.choices}>
          <legend className={shared.label}>{m.creditNoteContent}</legend>
          <div className={styles.choiceList}>
            <label className={styles.choice}>
              <input type="radio" value="gesture" {...register('mode')} />
              {m.creditNoteGesture}
            </label>
            <label className={styles.choice}>
              <input type="radio" value="lines" {...register('mode')} />
              {m.creditNoteLines}
            </label>
          </div>
        </fieldset>

        {values.mode === 'gesture' ? (
          <div className={styles.fields} style={{ marginTop: 16 }}>
            <Field label={m.designation} required error={errorOf('gesture.label')}>
              {(control) => (
                <input {...control} {...register('gesture.label')} maxLength={invoiceTextLimits.label} />
              )}
            </Field>
            <Field label={m.creditNoteAmountExclTax} required error={errorOf('gesture.amount')}>
              {(control) => (
                <input
                  {...control}
                  {...register('gesture.amount')}
                  className={`${control.className} ${shared.amount}`}
                  inputMode="decimal"
                />
              )}
            </Field>
            <Field label={m.vatRate} required error={errorOf('gesture.vatRateId')}>
              {(control) => (
                <select {...control} {...register('gesture.vatRateId')}>
                  {rateOptions}
                </select>
              )}
            </Field>
          </div>
        ) : (
          <div className={shared.scroller} style={{ marginTop: 16 }}>
            <table className={`${shared.table} ${styles.grid}`}>
              <caption className={visuallyHidden}>{m.creditNoteLines}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.designation}</th>
                  <th scope="col" className={`${shared.amount} ${styles.fitCell}`}>
                    {m.quantity}
                  </th>
                  <th scope="col" className={`${shared.amount} ${styles.fitCell}`}>
                    {m.unitPrice}
                  </th>
                  <th scope="col" className={styles.fitCell}>
                    {m.vatRate}
                  </th>
                  <th scope="col" className={styles.fitCell}>
                    <span className={visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field, index) => {
                  const name = m.creditNoteLine(index + 1);
                  return (
                    <tr key={field.id}>
                      <td>
                        {cell(`lines.${index}.label`, `${m.designation}, ${name}`, styles.cellInput, {
                          maxLength: invoiceTextLimits.label,
                        })}
                      </td>
                      <td className={styles.fitCell}>
                        {cell(
                          `lines.${index}.quantity`,
                          `${m.quantity}, ${name}`,
                          `${styles.quantityInput} ${shared.amount}`,
                          { inputMode: 'decimal' },
                        )}
                      </td>
                      <td className={styles.fitCell}>
                        {cell(
                          `lines.${index}.unitPrice`,
                          `${m.unitPrice}, ${name}`,
                          `${styles.priceInput} ${shared.amount}`,
                          { inputMode: 'decimal' },
                        )}
                      </td>
                      <td className={styles.fitCell}>
                        <select
                          className={styles.rateSelect}
                          aria-label={`${m.vatRate}, ${name}`}
                          {...register(`lines.${index}.vatRateId`)}
                        >
                          {rateOptions}
                        </select>
                      </td>
                      <td className={styles.fitCell}>
                        {fields.length > 1 ? (
                          <button
                            type="button"
                            className={iconButton}
                            aria-label={m.creditNoteRemoveLine(index + 1)}
                            onClick={() => remove(index)}
                          >
                            ×
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {fields.length < MAX_CREDIT_NOTE_LINES ? (
              <div className={styles.gridActions}>
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => append(emptyCreditNoteLine(rates))}
                >
                  {m.creditNoteAddLine}
                </button>
              </div>
            ) : null}
          </div>
        )}

        <section aria-labelledby={`${id}-totals`} style={{ marginTop: 16 }}>
          <h3 id={`${id}-totals`} className={shared.sectionTitle}>
            {m.creditNoteTotals}
          </h3>
          <dl className={styles.totals}>
            {preview.byRate.flatMap((rate) => [
              <dt key={`vat-${rate.vatRateId}`}>{m.vatAt(vatRateLabel(rate.basisPoints))}</dt>,
              <dd key={`vat-${rate.vatRateId}-value`}>{formatCents(rate.vatCents)}</dd>,
            ])}
            <dt>{m.totalExclTax}</dt>
            <dd>{formatCents(preview.totalExclTaxCents)}</dd>
            {invoice.reverseCharge ? <dd className={styles.mention}>{m.reverseCharge}</dd> : null}
            <dt className={styles.grandTotal}>{m.creditNoteAmount}</dt>
            <dd className={styles.grandTotal}>{formatCents(preview.totalInclTaxCents)}</dd>
          </dl>
        </section>

        <div className={styles.modalActions}>
          <button type="button" className={button.secondary} onClick={onClose}>
            {m.close}
          </button>
          <button
            type="submit"
            className={button.primary}
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
          >
            {isSubmitting ? <InlineSpinner /> : null}
            {m.creditNoteConfirm(formatCents(preview.totalInclTaxCents))}
          </button>
        </div>
      </form>
    </Modal>
  );

  /** A line's text input, its message under it (the row's label names it). */
  function cell(
    name: `lines.${number}.${'label' | 'quantity' | 'unitPrice'}`,
    label: string,
    className: string,
    extra: { maxLength?: number; inputMode?: 'decimal' },
  ) {
    const message = errorOf(name);
    const errorId = `${id}-${name}-error`;
    return (
      <>
        <input
          className={className}
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          {...extra}
          {...register(name)}
        />
        {message ? (
          <p id={errorId} className={shared.error}>
            {message}
          </p>
        ) : null}
      </>
    );
  }
}
