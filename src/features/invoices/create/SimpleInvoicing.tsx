import { useEffect, useState } from 'react';
import { type BusinessJob, listBusinessJobs } from '../../../api/businessJobs';
import { type Customer, listCustomers } from '../../../api/customers';
import { createInvoice, listVatRates, type VatRate } from '../../../api/invoices';
import { parseFrenchDecimal } from '../../../contract/format';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { logger } from '../../../logging/logger';
import { clientPaths, invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { $router } from '../../../routes/router';
import { button } from '../../../ui/button.css';
import { Field } from '../../../ui/Field';
import { TextField } from '../../../ui/TextField';
import { customerDisplayName } from '../../customers/displayName';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { PRICE_SCALE } from '../editor/invoiceDraft';
import { vatRateLabel } from '../editor/LineGrid';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import * as styles from './create.css';

/** Typing waits this long before asking the server for customers. */
const SEARCH_DELAY_MS = 250;

/**
 * `/facturation/simple`: an invoice without a quote. The customer (and, if any, one of their
 * jobs) and a first line make the draft; the editor then takes over, lines, chapters and all.
 */
export function SimpleInvoicingScreen() {
  const enterpriseId = useEnterpriseId();
  const [search, setSearch] = useState('');
  const [customers, setCustomers] = useState<Customer[]>([]);
  const [customerId, setCustomerId] = useState('');
  const [jobs, setJobs] = useState<BusinessJob[]>([]);
  const [jobId, setJobId] = useState('');
  const [vatRates, setVatRates] = useState<VatRate[]>([]);
  const [line, setLine] = useState({ label: '', price: '', vatRateId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (enterpriseId === null) return;
    const timer = setTimeout(() => {
      listCustomers(enterpriseId, { q: search.trim() || undefined, limit: 50 }).then(
        (page) => setCustomers(page.data),
        (error: unknown) => logger.error('Error getting customers', { error }),
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enterpriseId, search]);

  useEffect(() => {
    if (enterpriseId === null) return;
    listVatRates(enterpriseId).then(
      (rates) => {
        setVatRates(rates);
        const preferred = rates.find((rate) => rate.isDefault) ?? rates[0];
        if (preferred)
          setLine((current) => ({ ...current, vatRateId: current.vatRateId || String(preferred.id) }));
      },
      (error: unknown) => logger.error('Error getting VAT rates', { error }),
    );
  }, [enterpriseId]);

  useEffect(() => {
    setJobId('');
    setJobs([]);
    if (enterpriseId === null || !customerId) return;
    listBusinessJobs(enterpriseId, { customerId: Number(customerId), limit: 200 }).then(
      (page) => setJobs(page.data),
      (error: unknown) => logger.error('Error getting business jobs', { error }),
    );
  }, [enterpriseId, customerId]);

  async function submit() {
    if (enterpriseId === null) return;
    const price = parseFrenchDecimal(line.price, PRICE_SCALE);
    const found: Record<string, string> = {};
    if (!customerId) found.customer = validationMessages.required;
    if (!line.label.trim()) found.label = validationMessages.required;
    if (price === null)
      found.price = line.price.trim() ? validationMessages.number : validationMessages.required;
    if (!line.vatRateId) found.vat = validationMessages.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await createInvoice(enterpriseId, {
        kind: 'simple',
        customerId: Number(customerId),
        ...(jobId ? { businessJobId: Number(jobId) } : {}),
        lines: [
          {
            chapter: '',
            label: line.label.trim(),
            unit: 'u',
            quantityMilli: 1000,
            unitPriceCents: price ?? 0,
            vatRateId: Number(line.vatRateId),
          },
        ],
      });
      $router.open(invoicePath(created.id));
    } catch (error) {
      setFailure(errorMessageFor(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <div className={shared.header}>
        <div>
          <h1 className={shared.title}>{m.simpleTitle}</h1>
          <p className={shared.subtitle}>{m.simpleText}</p>
        </div>
        <RouteLink to={clientPaths.invoicing} className={shared.link}>
          {m.backToHome}
        </RouteLink>
      </div>
      {failure ? (
        <p className={shared.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <form
        className={`${shared.panel} ${styles.form}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.row}>
          <TextField type="search" label={m.customerSearch} value={search} onChange={setSearch} />
          <Field label={`${m.customer} *`} error={errors.customer}>
            {(control) => (
              <select {...control} value={customerId} onChange={(event) => setCustomerId(event.target.value)}>
                <option value="">{m.chooseCustomer}</option>
                {customers.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {customerDisplayName(customer)} ({customer.customerCode})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={m.job}>
            {(control) => (
              <select
                {...control}
                value={jobId}
                disabled={jobs.length === 0}
                onChange={(event) => setJobId(event.target.value)}
              >
                <option value="">{m.noJob}</option>
                {jobs.map((job) => (
                  <option key={job.id} value={job.id}>
                    {job.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className={styles.row}>
          <TextField
            label={`${m.firstLine} *`}
            value={line.label}
            error={errors.label}
            onChange={(label) => setLine({ ...line, label })}
          />
          <TextField
            label={`${m.unitPrice} *`}
            className={shared.amount}
            inputMode="decimal"
            value={line.price}
            error={errors.price}
            onChange={(price) => setLine({ ...line, price })}
          />
          <Field label={`${m.vatRate} *`} error={errors.vat}>
            {(control) => (
              <select
                {...control}
                value={line.vatRateId}
                onChange={(event) => setLine({ ...line, vatRateId: event.target.value })}
              >
                {vatRates.map((rate) => (
                  <option key={rate.id} value={rate.id}>
                    {vatRateLabel(rate.basisPoints)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div>
          <button type="submit" className={button.primary} disabled={busy}>
            {m.createSimple}
          </button>
        </div>
      </form>
    </div>
  );
}
