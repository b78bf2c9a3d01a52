import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Customer, CustomerInput, CustomerSettings } from '../../../api/customers';
import { ApiError } from '../../../api/errors';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { frenchErrorMap } from '../../../i18n/zodErrors';
import { useLeaveGuard } from '../../../routes/leaveGuard';
import { button } from '../../../ui/button.css';
import { FormDateField } from '../../../ui/FormDateField';
import { addToast } from '../../../ui/toasts/toastStore';
import { customerMessages, customerTypeLabels, deadlineRuleLabels, paymentModeLabels } from '../messages';
import { type CustomerFormValues, customerFormSchema, formToCustomerInput } from './customerFormSchema';
import { deadlineValueLabels } from './deadlineTexts';
import { describeDeadline, describeModes } from './describe';
import { ChoiceField, SelectField, TextAreaField, TextField } from './fields';
import * as styles from './form.css';
import { serverFieldErrors } from './serverFieldErrors';
import { type FindDuplicates, useDuplicateWarnings } from './useDuplicateWarnings';

export interface CustomerFormProps {
  initialValues: CustomerFormValues;
  /** The company's general defaults and next code; null while unknown (the labels say less). */
  settings: CustomerSettings | null;
  /** The sheet's current code, shown when it stays generated. */
  currentCode?: string;
  /** Sends the customer; an ApiError tells what went wrong. */
  save: (input: CustomerInput) => Promise<Customer>;
  onSaved?: (customer: Customer) => void;
  /** The success toast: « Le client a été créé. » for a new customer; an edit's by default. */
  savedMessage?: string;
  /** Secondary actions beside the save button (the sheet's delete). */
  extraActions?: ReactNode;
  /** Check every field at once when the form opens: a stored customer may break the contract. */
  validateOnOpen?: boolean;
  /** Loads the stored customer again (after a stale save: someone else saved first). */
  onReload?: () => void;
  /** Asks the server whether another customer has the email or SIRET (a warning only). */
  findDuplicates?: FindDuplicates;
}

/** The fields in screen order: a server's errors focus the first of them, as the resolver's do. */
const fieldOrder = [
  'type',
  'companyName',
  'siret',
  'vatNumber',
  'civility',
  'firstName',
  'lastName',
  'job',
  'email',
  'phone',
  'cellPhone',
  'fax',
  'address',
  'zipCode',
  'city',
  'country',
  'codeMode',
  'customerCode',
  'deadlineMode',
  'deadlineRule',
  'deadlineValue',
  'modesMode',
  'paymentModes',
  'comments',
] as const;

const options = <Key extends string>(labels: Record<Key, string>) =>
  Object.entries<string>(labels).map(([value, label]) => ({ value, label }));

const civilityChoices = ['M.', 'Mme', 'M. et Mme'];

/** The usual civilities, plus the customer's own when it is another (saving must not drop it). */
function civilitiesFor(current: string) {
  const values =
    current && !civilityChoices.includes(current) ? [...civilityChoices, current] : civilityChoices;
  return [{ value: '', label: '—' }, ...values.map((value) => ({ value, label: value }))];
}

/** The four rules, plus the stored one when it is none of them (shown, then refused). */
function ruleOptions(current: string) {
  const known = options(deadlineRuleLabels);
  return current in deadlineRuleLabels ? known : [...known, { value: current, label: current }];
}

/**
 * Every field of a customer (spec section 3). Validation runs on submit with the spec's French
 * messages; the first invalid field takes the focus; a failed save keeps everything typed.
 */
export function CustomerForm({
  initialValues,
  settings,
  currentCode,
  save,
  onSaved,
  savedMessage = customerMessages.saved,
  extraActions,
  validateOnOpen = false,
  onReload,
  findDuplicates,
}: CustomerFormProps) {
  const methods = useForm<CustomerFormValues>({
    defaultValues: initialValues,
    resolver: zodResolver(customerFormSchema, { error: frenchErrorMap }, { raw: true }),
  });
  const { handleSubmit, watch, setError, setFocus, formState, trigger, reset, getValues } = methods;
  /** The customer whose manual code another customer has: kept if the user says so. */
  const [duplicate, setDuplicate] = useState<CustomerInput | null>(null);
  /** Someone else saved this customer first: the typing stays, the message says so. */
  const [stale, setStale] = useState(false);
  useLeaveGuard(formState.isDirty, validationMessages.unsavedChanges);
  useEffect(() => {
    if (validateOnOpen) void trigger();
  }, []);
  const [type, codeMode, deadlineMode, deadlineRule, modesMode] = watch([
    'type',
    'codeMode',
    'deadlineMode',
    'deadlineRule',
    'modesMode',
  ]);
  const professional = type === 'professional';
  const [email, siret] = watch(['email', 'siret']);
  const warnings = useDuplicateWarnings(findDuplicates, email, professional ? siret : '');

  async function send(input: CustomerInput) {
    setDuplicate(null);
    setStale(false);
    try {
      const customer = await save(input);
      // What is on screen is now what is stored: nothing left to lose on leaving.
      reset(getValues());
      addToast(savedMessage, { type: 'success' });
      onSaved?.(customer);
    } catch (error) {
      if (error instanceof ApiError && error.key === 'customer_code_exists') {
        setDuplicate(input);
        setError('customerCode', { message: customerMessages.codeExistsQuestion }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.key === 'stale_version') {
        setStale(true);
        return;
      }
      const fieldErrors =
        error instanceof ApiError && error.key === 'validation'
          ? serverFieldErrors(error.fields, fieldOrder)
          : [];
      // The precise message under each field says it (and the first one takes the focus): a generic
      // red toast beside it would only contradict it. A refusal no field shows still gets the toast.
      if (fieldErrors.length === 0) addToast(customerMessages.saveFailed, { type: 'error' });
      fieldErrors.forEach(({ name, message }, index) => {
        setError(name, { message }, { shouldFocus: index === 0 });
      });
    }
  }

  const submit = handleSubmit((values) => send(formToCustomerInput(values)));

  const generatedCode = currentCode
    ? `Code généré : ${currentCode}`
    : `Générer automatiquement${settings ? ` (prochain : ${settings.nextCustomerCode})` : ''}`;

  return (
    <FormProvider {...methods}>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={formState.isSubmitting}>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>Client</legend>
          <div className={styles.grid}>
            <ChoiceField
              name="type"
              label="Type de client"
              kind="radio"
              options={options(customerTypeLabels)}
              wide
            />
            {professional ? (
              <>
                <TextField
                  name="companyName"
                  label="Raison sociale"
                  required
                  wide
                  autoComplete="organization"
                />
                <TextField
                  name="siret"
                  label="SIRET"
                  inputMode="numeric"
                  hint="14 chiffres"
                  warning={warnings.siret ?? ''}
                />
                <TextField
                  name="vatNumber"
                  label="N° de TVA intracommunautaire"
                  hint="Par exemple FR40303265045"
                />
              </>
            ) : null}
            <SelectField name="civility" label="Civilité" options={civilitiesFor(initialValues.civility)} />
            <TextField name="firstName" label="Prénom" autoComplete="off" />
            <TextField name="lastName" label="Nom" required={!professional} autoComplete="off" />
            <TextField name="job" label="Fonction" />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Coordonnées</legend>
          <div className={styles.grid}>
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              wide
              warning={warnings.email ?? ''}
            />
            <TextField name="phone" label="Téléphone" type="tel" />
            <TextField name="cellPhone" label="Portable" type="tel" />
            <TextField name="fax" label="Fax" type="tel" />
            <TextField name="address" label="Adresse" wide />
            <TextField name="zipCode" label="Code postal" inputMode="numeric" />
            <TextField name="city" label="Ville" />
            <TextField name="country" label="Pays" />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Comptabilité</legend>
          <div className={styles.grid}>
            <ChoiceField
              name="codeMode"
              label="Code client comptable"
              kind="radio"
              wide
              options={[
                { value: 'auto', label: generatedCode },
                { value: 'manual', label: 'Saisir le code' },
              ]}
            />
            {codeMode === 'manual' ? <TextField name="customerCode" label="Code client" required /> : null}
            {duplicate ? (
              <div className={`${styles.flag} ${styles.wide}`}>
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => {
                    setDuplicate(null);
                    setFocus('customerCode', { shouldSelect: true });
                  }}
                >
                  {customerMessages.codeExistsEdit}
                </button>
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => void send({ ...duplicate, keepDuplicateCode: true })}
                >
                  {customerMessages.codeExistsKeep}
                </button>
              </div>
            ) : null}
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Règlement</legend>
          <div className={styles.grid}>
            <ChoiceField
              name="deadlineMode"
              label="Délai de paiement"
              kind="radio"
              wide
              options={[
                {
                  value: 'default',
                  label: `Par défaut${settings ? ` (réglage général : ${describeDeadline(settings.paymentDeadline)})` : ''}`,
                },
                { value: 'specific', label: 'Spécifique à ce client' },
              ]}
            />
            {deadlineMode === 'specific' ? (
              <>
                <SelectField name="deadlineRule" label="Règle" options={ruleOptions(deadlineRule)} wide />
                {deadlineRule === 'date' ? (
                  // The form keeps the text as typed (a stored number shows as it is, with its message).
                  <FormDateField
                    form={methods.control}
                    name="deadlineValue"
                    valueFormat="text"
                    label={deadlineValueLabels.date ?? 'Date'}
                    required
                  />
                ) : (
                  <TextField
                    name="deadlineValue"
                    label={deadlineValueLabels[deadlineRule] ?? 'Valeur'}
                    required
                    inputMode="numeric"
                  />
                )}
              </>
            ) : null}
            <ChoiceField
              name="modesMode"
              label="Modes de règlement"
              kind="radio"
              wide
              options={[
                {
                  value: 'default',
                  label: `Par défaut${settings ? ` (réglage général : ${describeModes(settings.paymentModes)})` : ''}`,
                },
                { value: 'specific', label: 'Spécifiques à ce client' },
              ]}
            />
            {modesMode === 'specific' ? (
              <ChoiceField
                name="paymentModes"
                label="Modes acceptés"
                kind="checkbox"
                wide
                options={options(paymentModeLabels)}
              />
            ) : null}
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Commentaires</legend>
          <TextAreaField name="comments" label="Commentaires" />
        </fieldset>

        {stale ? (
          <div className={styles.alert} role="alert">
            <p>{serverErrorMessages.stale_version}</p>
            {onReload ? (
              <button type="button" className={button.secondary} onClick={onReload}>
                {customerMessages.reloadSheet}
              </button>
            ) : null}
          </div>
        ) : null}

        <div className={styles.actions}>
          <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? customerMessages.saving : customerMessages.save}
          </button>
          {extraActions}
        </div>
      </form>
    </FormProvider>
  );
}
