/**
 * « Gestion chantier »: each person's loaded hourly cost, set by an admin (issue 24). Empty: the
 * company's « main-d'œuvre chargée » of Coûts et prix. The hours already entered keep the cost
 * copied when they were entered (the API's rule): the screen says so. Shown to an admin only (the
 * API answers 403 admin_required to the others).
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents, parseCents } from '../../contract/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { $session } from '../../session/session';
import { button } from '../../ui/button.css';
import { Field } from '../../ui/Field';
import { actions, panel, sectionTitle } from '../../ui/panel.css';
import { Spinner } from '../../ui/Spinner';
import { addToast } from '../../ui/toasts/toastStore';
import { $hourlyCosts, type HourlyCosts, saveHourlyCosts } from './api';
import { siteMessages as m } from './messages';
import * as styles from './siteManagement.css';

const maxHourlyCostCents = 100_000_000;

export function HourlyCostsPanel({ heading: H }: { heading: 'h2' | 'h3' }) {
  const { isAdmin } = useStore($session);
  const costs = useStore($hourlyCosts);
  const id = useId();
  if (!isAdmin) return null;
  const data = costs.data?.data;
  return (
    <section className={panel} aria-labelledby={id}>
      <H id={id} className={sectionTitle}>
        {m.hourlyCosts}
      </H>
      {data ? (
        <HourlyCostsForm
          key={data.people.map((p) => `${p.userId}:${p.hourlyCostCents}`).join(',')}
          costs={data}
        />
      ) : costs.error ? (
        <p role="alert">{errorMessageFor(costs.error)}</p>
      ) : (
        <Spinner label={m.loading} />
      )}
    </section>
  );
}

/** Cents → what the field shows (« 35,50 »: no unit, no grouping); '' for the company's. */
const costText = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',').replace(/,00$/, '');

/** What is typed → cents; null: empty (the company's); false: not an hourly cost. */
function parseCost(text: string): number | null | false {
  if (text.trim() === '') return null;
  const cents = parseCents(text.replace(/\s*(€\s*)?(\/\s*h)?\s*$/i, ''));
  return cents === null || cents < 0 || cents > maxHourlyCostCents ? false : cents;
}

export function HourlyCostsForm({ costs }: { costs: HourlyCosts }) {
  const field = (userId: number) => `u${userId}`;
  const form = useForm<Record<string, string>>({
    defaultValues: Object.fromEntries(
      costs.people.map((p) => [field(p.userId), costText(p.hourlyCostCents)]),
    ),
  });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const changes: { userId: number; hourlyCostCents: number | null }[] = [];
    for (const person of costs.people) {
      const cents = parseCost(values[field(person.userId)] ?? '');
      if (cents === false) {
        form.setError(field(person.userId), { message: m.badHourlyCost }, { shouldFocus: true });
        setError(m.badHourlyCost);
        return;
      }
      if (cents !== person.hourlyCostCents) changes.push({ userId: person.userId, hourlyCostCents: cents });
    }
    if (changes.length === 0) {
      addToast(m.hourlyCostsUnchanged);
      return;
    }
    try {
      await saveHourlyCosts(changes);
      addToast(m.hourlyCostsSaved, { type: 'success' });
    } catch (failure) {
      setError(errorMessageFor(failure));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={m.hourlyCosts}>
      <p className={styles.muted}>{m.hourlyCostsHint(formatCents(costs.companyHourlyCostCents))}</p>
      <div className={styles.costs}>
        {costs.people.map((person) => (
          <Field
            key={person.userId}
            label={`${person.name || person.email}${person.locked ? ` ${m.lockedPerson}` : ''}`}
            error={errors[field(person.userId)]?.message}
          >
            {(control) => (
              <input
                {...control}
                className={`${control.className} ${styles.percentInput}`}
                inputMode="decimal"
                autoComplete="off"
                aria-label={m.hourlyCostOf(person.name || person.email)}
                {...form.register(field(person.userId))}
              />
            )}
          </Field>
        ))}
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <div className={actions}>
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {m.saveHourlyCosts}
        </button>
      </div>
    </form>
  );
}
