import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, clearToasts } from '../../../ui/toasts/toastStore';
import { samplePdf } from '../testing/documentFixtures';
import type { InvoiceDocumentSource } from './documentSource';
import { InvoiceDocumentSourceContext } from './documentSource';
import { PdfZipDownload, type ZipInvoice } from './PdfZipDownload';

const invoices: ZipInvoice[] = [
  { id: 1, number: 'FA-2026-0001', kind: 'simple' },
  { id: 2, number: 'FA-2026-0002', kind: 'deposit' },
  { id: 3, number: 'FA-2026-0003', kind: 'final' },
];

/** A source whose PDFs arrive when the test says so (or are refused). */
function heldSource() {
  const pending = new Map<number, { resolve: () => void; reject: () => void }>();
  const source: InvoiceDocumentSource = {
    pdf: (invoiceId) =>
      new Promise((resolve, reject) => {
        pending.set(invoiceId, {
          resolve: () => resolve({ blob: samplePdf(), filename: `FA-2026-000${invoiceId}.pdf` }),
          reject: () => reject(new Error('refused')),
        });
      }),
    sendings: () => Promise.reject(new Error('unused')),
    send: () => Promise.reject(new Error('unused')),
  };
  return { source, pending };
}

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  clearToasts();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return `blob:zip-${saved.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  // jsdom does not navigate: the saving link's click is only recorded.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('« Télécharger les PDF » of the selected invoices', () => {
  it('shows its progress as the PDFs arrive, saves one ZIP of them, and names the one that failed', async () => {
    const { source, pending } = heldSource();
    render(
      <InvoiceDocumentSourceContext.Provider value={source}>
        <PdfZipDownload invoices={invoices} />
      </InvoiceDocumentSourceContext.Provider>,
    );
    const button = screen.getByRole('button', { name: 'Télécharger les PDF' });
    await userEvent.click(button);
    expect(button).toHaveProperty('disabled', true);
    const bar = await screen.findByRole('progressbar', { name: 'Préparation des PDF : 0 sur 3' });
    expect(bar.getAttribute('max')).toBe('3');

    await waitFor(() => expect(pending.size).toBe(3));
    pending.get(1)!.resolve();
    expect(await screen.findByRole('progressbar', { name: 'Préparation des PDF : 1 sur 3' })).toBeTruthy();
    pending.get(2)!.reject();
    pending.get(3)!.resolve();

    await waitFor(() => expect(saved).toHaveLength(1));
    const zip = unzipSync(new Uint8Array(await saved[0]!.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(['FA-2026-0001.pdf', 'FA-2026-0003.pdf']);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(button).toHaveProperty('disabled', false);
    expect($toasts.get().map((toast) => toast.content)).toEqual(
      expect.arrayContaining([
        'Les 2 PDF sont téléchargés.',
        "Ces PDF n'ont pas pu être préparés : FA-2026-0002.",
      ]),
    );
  });
});
