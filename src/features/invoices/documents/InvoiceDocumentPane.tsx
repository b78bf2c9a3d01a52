import { useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { saveFile } from '../../../api/client';
import type { InvoiceSending } from '../../../api/invoiceDocuments';
import type { InvoiceDetail } from '../../../api/invoices';
import { formatDate } from '../../../i18n/format';
import { button } from '../../../ui/button.css';
import { addToast } from '../../../ui/toasts/toastStore';
import * as shared from '../invoices.css';
import { InvoiceDocumentSourceContext } from './documentSource';
import * as styles from './documents.css';
import { documentMessages as m } from './messages';
import { SendInvoiceDialog } from './SendInvoiceDialog';

export type DocumentInvoice = Pick<InvoiceDetail, 'id' | 'version' | 'number' | 'status' | 'kind'>;

/** After a save, the preview waits this long for the next one before asking for a new PDF. */
export const PREVIEW_DEBOUNCE_MS = 1000;

type PreviewStatus = 'loading' | 'ready' | 'failed';

/**
 * A phone's screen (the platform pages' breakpoint, server/src/pages/layout.ts): the preview waits
 * for the user's « Aperçu ». Its first PDF opened the browser's PDF viewer on the editor's first
 * load (about 250 scripts and 4.7 s of a phone's main thread, issue 27), and a phone's browser
 * mostly shows no embedded PDF anyway.
 */
export const PREVIEW_ON_DEMAND_QUERY = '(max-width: 600px)';

const onDemand = () => typeof matchMedia === 'function' && matchMedia(PREVIEW_ON_DEMAND_QUERY).matches;

/**
 * Whether the preview may load: on a phone once asked for; elsewhere once the editor is interactive
 * (the browser's first idle moment, at most 2 s later), so that the PDF viewer's start does not sit
 * in the editor's first load (docs/decisions.md, « The invoice editor's preview waits »).
 */
function usePreviewWanted() {
  const [wanted, setWanted] = useState(false);
  const [phone] = useState(onDemand);

  useEffect(() => {
    if (phone) return;
    const want = () => setWanted(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(want, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(want, 0);
    return () => clearTimeout(timer);
  }, [phone]);

  return { wanted, phone, ask: () => setWanted(true) };
}

/**
 * The invoice's PDF as the server renders it, as an object URL: asked once `wanted`, then again
 * PREVIEW_DEBOUNCE_MS after the last change of `revision` (each save of the draft moves its
 * version). A newer request cancels an older one; each URL is released once replaced or unmounted.
 */
function usePdfPreview(invoiceId: number, revision: number, wanted: boolean) {
  const source = useContext(InvoiceDocumentSourceContext);
  const [preview, setPreview] = useState<{ url: string | null; filename: string; status: PreviewStatus }>({
    url: null,
    filename: '',
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const askedFor = useRef<number | null>(null);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    // A new revision waits for the saves to pause; the first request and a retry go at once.
    const delay = askedFor.current !== null && askedFor.current !== revision ? PREVIEW_DEBOUNCE_MS : 0;
    askedFor.current = revision;
    const timer = setTimeout(() => {
      setPreview((previous) => ({ ...previous, status: 'loading' }));
      source.pdf(invoiceId, { signal: controller.signal, preview: true }).then(
        ({ blob, filename }) => {
          if (controller.signal.aborted) return;
          setPreview({ url: URL.createObjectURL(blob), filename, status: 'ready' });
        },
        () => {
          if (!controller.signal.aborted) setPreview((previous) => ({ ...previous, status: 'failed' }));
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [invoiceId, revision, attempt, source, wanted]);

  const { url } = preview;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...preview, retry };
}

export interface InvoiceDocumentPaneProps {
  invoice: DocumentInvoice;
  headingLevel?: 2 | 3;
}

/**
 * Beside the invoice's lines: the PDF preview (refreshed after the draft saves), its download, and
 * for a validated invoice the mail dialog and the mails already sent.
 */
export default function InvoiceDocumentPane({ invoice, headingLevel = 2 }: InvoiceDocumentPaneProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId();
  const source = useContext(InvoiceDocumentSourceContext);
  const { wanted, phone, ask } = usePreviewWanted();
  const asked = useRef(false);
  const preview = usePdfPreview(invoice.id, invoice.version, wanted);
  const [downloading, setDownloading] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendings, setSendings] = useState<InvoiceSending[]>([]);
  const validated = invoice.status === 'VALIDATED';

  useEffect(() => {
    if (!validated) return;
    let current = true;
    source.sendings(invoice.id).then(
      (answer) => current && setSendings(answer.sendings),
      // The history is a help, not the task: the preview and the buttons work without it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [invoice.id, validated, source]);

  async function download() {
    setDownloading(true);
    try {
      saveFile(await source.pdf(invoice.id));
    } catch {
      addToast(m.downloadFailed, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className={`${shared.panel} ${styles.pane}`} aria-labelledby={headingId}>
      <div className={styles.paneHeader}>
        <Heading id={headingId} className={shared.sectionTitle} style={{ margin: 0 }}>
          {m.previewTitle}
        </Heading>
        <div className={shared.actions}>
          <button
            type="button"
            className={button.secondary}
            disabled={downloading}
            aria-busy={downloading || undefined}
            onClick={() => void download()}
          >
            {m.download}
          </button>
          {validated ? (
            <button type="button" className={button.primary} onClick={() => setSending(true)}>
              {m.sendByEmail}
            </button>
          ) : null}
        </div>
      </div>
      {validated ? null : <p className={styles.note}>{m.previewDraftNote}</p>}
      {phone && !wanted ? (
        <div className={shared.actions}>
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              asked.current = true;
              ask();
            }}
          >
            {m.previewShow}
          </button>
        </div>
      ) : (
        <div
          className={styles.frameBox}
          // Focus moves here from « Aperçu », which this box replaces.
          ref={(node) => {
            if (node && asked.current) node.focus();
            asked.current = false;
          }}
          tabIndex={-1}
          aria-busy={preview.status === 'loading' || undefined}
        >
          {preview.url ? (
            <iframe
              className={styles.frame}
              title={preview.filename ? m.previewFrame(preview.filename) : m.previewFrameUntitled}
              src={preview.url}
            />
          ) : null}
          {!preview.url && preview.status === 'loading' ? (
            <p className={styles.frameMessage}>{m.previewLoading}</p>
          ) : null}
        </div>
      )}
      {preview.status === 'failed' ? (
        <div className={shared.actions}>
          <p className={shared.error}>{m.previewFailed}</p>
          <button type="button" className={button.secondary} onClick={preview.retry}>
            {m.previewRetry}
          </button>
        </div>
      ) : null}
      {sendings.length > 0 ? (
        <div>
          <SubHeading className={shared.sectionTitle}>{m.sendingsTitle}</SubHeading>
          <ul className={styles.sendings}>
            {sendings.map((sent) => (
              <li key={sent.id}>
                {m.sendingLine(formatDate(sent.sentAt), timeOf(sent.sentAt), sent.to)}
                {sent.sentBy ? m.sentBy(sent.sentBy) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {validated ? (
        <SendInvoiceDialog
          open={sending}
          invoiceId={invoice.id}
          attachmentName={preview.filename}
          onClose={() => setSending(false)}
          onSent={(sent) => {
            setSending(false);
            setSendings((previous) => [sent, ...previous]);
            addToast(m.sent(sent.to), { type: 'success' });
          }}
        />
      ) : null}
    </section>
  );
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
}
