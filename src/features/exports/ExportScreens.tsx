import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { exportPath } from '../../api/exports';
import { clientPaths } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { $session } from '../../session/session';
import { LoadingScreen } from '../../ui/LoadingScreen';
import * as screenStyles from '../../ui/screen.css';
import * as fieldStyles from '../../ui/textField.css';
import { ChequeRemittanceForm } from './ChequeRemittanceForm';
import * as styles from './exports.css';
import {
  BankSelect,
  currentMonth,
  DownloadActions,
  FormatChoice,
  type Period,
  PeriodFields,
  periodErrors,
  useBanks,
} from './fields';
import { exportMessages as m } from './messages';
import { useDownload } from './useDownload';

const useEnterpriseId = () => useStore($session, { keys: ['enterpriseId'] }).enterpriseId;

/** What an export form says: its heading, the line under it, its download button. */
interface ExportTexts {
  title: string;
  intro: string;
  submit: string;
}

/** A period form that downloads one export: the period checked here first, then the server's answer. */
function PeriodExportForm({
  texts: { title: heading, intro, submit },
  pathFor,
  children,
  headingLevel = 2,
}: {
  texts: ExportTexts;
  pathFor: (period: Period) => string | null;
  children?: React.ReactNode;
  headingLevel?: 1 | 2;
}) {
  const [period, setPeriod] = useState(currentMonth);
  const [errors, setErrors] = useState<ReturnType<typeof periodErrors>>({});
  const download = useDownload();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = periodErrors(period);
    setErrors(found);
    const path = Object.keys(found).length === 0 ? pathFor(period) : null;
    if (path) void download.start(path);
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={heading}>
      <Heading className={headingLevel === 1 ? screenStyles.title : fieldStyles.legend}>{heading}</Heading>
      <p className={styles.intro}>{intro}</p>
      <PeriodFields
        period={period}
        onChange={(next) => {
          setPeriod(next);
          setErrors({});
        }}
        errors={errors}
      />
      {children}
      <DownloadActions label={submit} download={download} />
    </form>
  );
}

/** `/facturation/reglements/export-journal-banque`. */
export function BankJournalExportScreen() {
  const enterpriseId = useEnterpriseId();
  const { banks, error } = useBanks(enterpriseId);
  const [bankId, setBankId] = useState<number | null>(null);
  useEffect(() => {
    if (banks && bankId === null && banks[0]) setBankId(banks[0].id);
  }, [banks, bankId]);
  if (error) return <ScreenMessage title={m.bankJournal.title} message={error} alert />;
  if (enterpriseId === null || banks === null) return <LoadingScreen title={m.bankJournal.title} />;
  // No bank, no bank journal: say what to do rather than show a download that cannot start.
  if (banks.length === 0) return <ScreenMessage title={m.bankJournal.title} message={m.noBank} />;
  return (
    <div className={styles.screen}>
      <PeriodExportForm
        headingLevel={1}
        texts={m.bankJournal}
        pathFor={(period) =>
          bankId === null
            ? null
            : exportPath(enterpriseId, 'bank-journal', { ...period, bankId: String(bankId) })
        }
      >
        <BankSelect banks={banks} value={bankId} onChange={setBankId} />
      </PeriodExportForm>
    </div>
  );
}

/** `/facturation/reglements/export-tva-collectee`. */
export function CollectedVatExportScreen() {
  const enterpriseId = useEnterpriseId();
  if (enterpriseId === null) return <LoadingScreen title={m.collectedVat.title} />;
  return (
    <div className={styles.screen}>
      <PeriodExportForm
        headingLevel={1}
        texts={m.collectedVat}
        pathFor={(period) => exportPath(enterpriseId, 'collected-vat', { ...period })}
      />
    </div>
  );
}

/** The three payments exports, each on its own page: « Exports de facturation » leads to them. */
const paymentExports = [
  { to: clientPaths.bankJournalExport, label: m.bankJournal.title },
  { to: clientPaths.chequeRemittanceExport, label: m.chequeRemittance.title },
  { to: clientPaths.collectedVatExport, label: m.collectedVat.title },
];

/**
 * « Exports de facturation » (`/facturation/exports`): the sales journal and the FEC, and links to
 * the three payments exports, so that the menu's entry leads to all five.
 */
export function InvoicingExportsScreen({ withPaymentExports = true }: { withPaymentExports?: boolean } = {}) {
  const enterpriseId = useEnterpriseId();
  const [format, setFormat] = useState<'pipe' | 'tab'>('pipe');
  if (enterpriseId === null) return <LoadingScreen title={m.invoicing.title} />;
  return (
    <div className={styles.screen}>
      <h1 className={screenStyles.title}>{m.invoicing.title}</h1>
      <section className={fieldStyles.section}>
        <PeriodExportForm
          texts={m.invoicing.salesJournal}
          pathFor={(period) => exportPath(enterpriseId, 'sales-journal', { ...period })}
        />
      </section>
      <section className={fieldStyles.section}>
        <PeriodExportForm
          texts={m.invoicing.fec}
          pathFor={(period) => exportPath(enterpriseId, 'fec', { ...period, format })}
        >
          <FormatChoice
            name="fec-format"
            formats={['pipe', 'tab'] as const}
            value={format}
            onChange={setFormat}
          />
        </PeriodExportForm>
      </section>
      {withPaymentExports ? (
        <nav className={fieldStyles.section} aria-labelledby="payment-exports">
          <h2 id="payment-exports" className={fieldStyles.legend}>
            {m.invoicing.paymentExports}
          </h2>
          <p className={styles.intro}>{m.invoicing.paymentExportsIntro}</p>
          <ul>
            {paymentExports.map((entry) => (
              <li key={entry.to}>
                <RouteLink to={entry.to}>{entry.label}</RouteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** `/facturation/reglements/export-bordereau-remise-cheque`. */
export function ChequeRemittanceExportScreen() {
  const enterpriseId = useEnterpriseId();
  const { banks, error } = useBanks(enterpriseId);
  if (error) return <ScreenMessage title={m.chequeRemittance.title} message={error} alert />;
  if (enterpriseId === null || banks === null) return <LoadingScreen title={m.chequeRemittance.title} />;
  return <ChequeRemittanceForm enterpriseId={enterpriseId} banks={banks} />;
}

/** A screen that only says something: a failure to load (an alert) or why there is nothing to do. */
function ScreenMessage({
  title,
  message,
  alert = false,
}: {
  title: string;
  message: string;
  alert?: boolean;
}) {
  return (
    <div className={styles.screen}>
      <h1 className={screenStyles.title}>{title}</h1>
      <p className={alert ? fieldStyles.alert : fieldStyles.hint} role={alert ? 'alert' : undefined}>
        {message}
      </p>
    </div>
  );
}
