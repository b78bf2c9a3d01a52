import { useContext, useState } from 'react';
import { saveFile } from '../../../api/client';
import type { Invoice } from '../../../api/invoices';
import { toIsoDate } from '../../../i18n/format';
import { button } from '../../../ui/button.css';
import { addToast } from '../../../ui/toasts/toastStore';
import { invoiceMessages } from '../messages';
import { InvoiceDocumentSourceContext } from './documentSource';
import * as styles from './documents.css';
import { documentMessages as m } from './messages';

export type ZipInvoice = Pick<Invoice, 'id' | 'number' | 'kind'>;

/** PDFs asked at once: enough to keep the line busy, few enough not to crowd the server. */
const PARALLEL = 3;

/**
 * « Télécharger les PDF » of the selected invoices as one ZIP made in the browser: each PDF comes
 * from the same route as the editor's preview (its progress shown as they arrive); the ZIP stores
 * them as they are (a PDF is already compressed). One that fails is named, the others are kept.
 */
export function PdfZipDownload({ invoices }: { invoices: ZipInvoice[] }) {
  const source = useContext(InvoiceDocumentSourceContext);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function run() {
    const chosen = [...invoices];
    setProgress({ done: 0, total: chosen.length });
    const files: Record<string, Uint8Array> = {};
    const failed: string[] = [];
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < chosen.length) {
        const invoice = chosen[next++] as ZipInvoice;
        try {
          const { blob, filename } = await source.pdf(invoice.id);
          files[filename] = new Uint8Array(await blob.arrayBuffer());
        } catch {
          failed.push(invoice.number ?? invoiceMessages.draftName(invoice.id));
        }
        done += 1;
        setProgress({ done, total: chosen.length });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PARALLEL, chosen.length) }, worker));
      const count = Object.keys(files).length;
      if (count > 0) {
        // Only now, and only for who asks: the ZIP writer stays out of the list's chunk.
        const { zipSync } = await import('fflate');
        saveFile({
          filename: m.zipFileName(toIsoDate(new Date())),
          blob: new Blob([zipSync(files, { level: 0 })], { type: 'application/zip' }),
        });
        addToast(m.zipDone(count), { type: 'success' });
      }
      if (failed.length > 0) addToast(m.zipFailed(failed.join(', ')), { type: 'error' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <button
        type="button"
        className={button.secondary}
        disabled={progress !== null || invoices.length === 0}
        aria-busy={progress !== null || undefined}
        onClick={() => void run()}
      >
        {m.zipDownload}
      </button>
      <span aria-live="polite">
        {progress ? (
          <>
            <progress
              className={styles.progress}
              value={progress.done}
              max={progress.total}
              aria-label={m.zipProgress(progress.done, progress.total)}
            />{' '}
            {m.zipProgress(progress.done, progress.total)}
          </>
        ) : null}
      </span>
    </>
  );
}
