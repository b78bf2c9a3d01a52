import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { type CreateInvoiceInput, createInvoice } from '../../../api/invoices';
import { getQuote, type QuoteDetail } from '../../../api/quotes';
import { parseFrenchDecimal } from '../../../contract/format';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { errorMessageFor, serverErrorMessage } from '../../../i18n/serverErrors';
import { logger } from '../../../logging/logger';
import { clientPaths, dealPath, invoicePath, platformPaths } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { $router } from '../../../routes/router';
import { button } from '../../../ui/button.css';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { InlineSpinner } from '../../../ui/Spinner';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { PERCENT_SCALE } from '../editor/invoiceDraft';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceMessages as m } from '../messages';
import { chipStatus, StatusChip } from '../StatusChip';
import * as styles from './create.css';

type Kind = 'deposit' | 'progress' | 'final';

/** The body that creates the invoice chosen, or the message under the percentage. */
export function quoteInvoiceRequest(
  quote: QuoteDetail,
  kind: Kind,
  percentText: string,
): CreateInvoiceInput | { error: string } {
  if (kind === 'final') return { kind, quoteId: quote.id };
  const percent = parseFrenchDecimal(percentText, PERCENT_SCALE);
  if (percent === null || percent < 1 || percent > 10_000) return { error: m.percent };
  if (kind === 'deposit') return { kind, quoteId: quote.id, depositBasisPoints: percent };
  // A chapter whose progress was entered on site (« Gestion chantier », issue 24) proposes that
  // progress for its lines; the others take the percentage typed. Never below what is invoiced.
  return {
    kind,
    quoteId: quote.id,
    progress: quote.chapters.flatMap((chapter) =>
      chapter.lines.map((line) => ({
        quoteLineId: line.id,
        progressBasisPoints: Math.max(chapter.siteProgressBasisPoints ?? percent, line.invoicedBasisPoints),
      })),
    ),
  };
}

/**
 * `/facturation/nouvelle-facture/devis-{quoteId}`: invoices a quote — a deposit (a share of the
 * quote), a progress statement (the cumulative progress of its lines, then line by line in the
 * editor), or the final invoice (all that remains, deposits deducted).
 */
export function NewInvoiceFromQuoteScreen({ quoteId }: { quoteId: string }) {
  const enterpriseId = useEnterpriseId();
  const id = /^\d+$/.test(quoteId) ? Number(quoteId) : null;
  const [quote, setQuote] = useState<QuoteDetail | 'loading' | 'notFound' | 'failed'>('loading');
  const [kind, setKind] = useState<Kind>('deposit');
  const [percent, setPercent] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { percent: useId(), error: useId(), noDeposit: useId() };

  useEffect(() => {
    if (enterpriseId === null) return;
    if (id === null) {
      setQuote('notFound');
      return;
    }
    let current = true;
    getQuote(enterpriseId, id).then(
      (loaded) => {
        if (!current) return;
        setQuote(loaded);
        if (loaded.invoices.length > 0) setKind('progress');
      },
      (failure: unknown) => {
        if (!current) return;
        if (failure instanceof ApiError && failure.status === 404) setQuote('notFound');
        else {
          logger.error('Error getting quote', { error: failure, labels: { quoteId } });
          setQuote('failed');
        }
      },
    );
    return () => {
      current = false;
    };
  }, [enterpriseId, id, quoteId]);

  if (quote === 'loading') return <LoadingScreen title={m.newFromQuoteTitle} />;
  if (typeof quote !== 'object') {
    return (
      <div>
        <h1 className={shared.title}>{m.newFromQuoteTitle}</h1>
        <div className={shared.emptyPanel} role="alert">
          <p>{quote === 'notFound' ? m.quoteNotFound : m.quoteLoadFailed}</p>
          <RouteLink to={platformPaths.quotePreparation} className={shared.link}>
            {m.backToQuotes}
          </RouteLink>
        </div>
      </div>
    );
  }

  const loadedQuote = quote;
  async function submit() {
    if (enterpriseId === null) return;
    const request = quoteInvoiceRequest(loadedQuote, kind, percent);
    if ('error' in request) {
      setError(request.error);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await createInvoice(enterpriseId, request);
      $router.open(invoicePath(created.id));
    } catch (failure) {
      setError(errorMessageFor(failure));
    } finally {
      setBusy(false);
    }
  }

  const percentLabel = kind === 'deposit' ? m.depositPercent : m.progressAll;
  // Spec section 4: no deposit once the quote has invoices; the choice is not offered, and says why.
  const depositRefused = loadedQuote.invoices.length > 0;
  return (
    <div className={styles.page}>
      <div className={shared.header}>
        <div>
          <h1 className={shared.title}>{m.newFromQuoteTitle}</h1>
          <p className={shared.subtitle}>
            {m.quote} {loadedQuote.number} · {loadedQuote.title}
          </p>
        </div>
        <RouteLink to={clientPaths.invoicing} className={shared.link}>
          {m.backToHome}
        </RouteLink>
      </div>
      <section className={shared.panel} aria-label={`${m.quote} ${loadedQuote.number}`}>
        <dl className={shared.definitions}>
          <div>
            <dt>{m.customer}</dt>
            <dd>{loadedQuote.customerName}</dd>
          </div>
          <div>
            <dt>{m.job}</dt>
            <dd>
              <RouteLink to={dealPath(loadedQuote.businessJobId)} className={shared.link}>
                {loadedQuote.businessJobName}
              </RouteLink>
            </dd>
          </div>
          <div>
            <dt>{m.quoteTotal}</dt>
            <dd className={shared.amount}>{formatCents(loadedQuote.totalExclTaxCents)} HT</dd>
          </div>
          <div>
            <dt>{m.quoteInvoiced}</dt>
            <dd className={shared.amount}>{formatCents(loadedQuote.invoicedExclTaxCents)} HT</dd>
          </div>
        </dl>
        {loadedQuote.invoices.length > 0 ? (
          <ul className={styles.invoices}>
            {loadedQuote.invoices.map((invoice) => (
              <li key={invoice.id}>
                <RouteLink to={invoicePath(invoice.id)} className={shared.link}>
                  {invoice.number ?? m.draftName(invoice.id)}
                </RouteLink>{' '}
                {invoiceKindLabels[invoice.kind]} du {formatIsoDate(invoice.date)} ·{' '}
                <span className={shared.amount}>{formatCents(invoice.totalInclTaxCents)} TTC</span>{' '}
                <StatusChip status={chipStatus(invoice)} kind={invoice.kind} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {loadedQuote.provisionalInvoiceId !== null ? (
        <div className={shared.alert} role="alert">
          <p>{serverErrorMessage('quote_has_provisional_invoice')}</p>
          <RouteLink to={invoicePath(loadedQuote.provisionalInvoiceId)} className={button.secondary}>
            {m.openDraft}
          </RouteLink>
        </div>
      ) : (
        <form
          className={`${shared.panel} ${styles.form}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className={styles.kinds}>
            <legend className={shared.label}>{m.whatToInvoice}</legend>
            {(['deposit', 'progress', 'final'] as const).map((option) => (
              <label key={option} className={styles.radio}>
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  disabled={option === 'deposit' && depositRefused}
                  aria-describedby={option === 'deposit' && depositRefused ? ids.noDeposit : undefined}
                  onChange={() => setKind(option)}
                />
                {invoiceKindLabels[option]}
              </label>
            ))}
            {depositRefused ? (
              <p id={ids.noDeposit} className={styles.hint}>
                {serverErrorMessage('deposit_invoice_with_existing_invoices')}
              </p>
            ) : null}
          </fieldset>
          {kind !== 'final' ? (
            <div className={shared.field}>
              <label className={shared.label} htmlFor={ids.percent}>
                {percentLabel}
              </label>
              <input
                id={ids.percent}
                className={`${shared.control} ${shared.amount} ${styles.percent}`}
                inputMode="decimal"
                value={percent}
                aria-invalid={error === m.percent || undefined}
                aria-describedby={error ? ids.error : undefined}
                onChange={(event) => setPercent(event.target.value)}
              />
            </div>
          ) : null}
          {error ? (
            <p id={ids.error} className={shared.error} role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
              {busy ? <InlineSpinner /> : null}
              {m.createInvoice(invoiceKindLabels[kind])}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
