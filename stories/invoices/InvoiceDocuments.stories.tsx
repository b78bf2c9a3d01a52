import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { InvoiceDocumentSourceContext } from '../../src/features/invoices/documents/documentSource';
import InvoiceDocumentPane from '../../src/features/invoices/documents/InvoiceDocumentPane';
import { PdfZipDownload } from '../../src/features/invoices/documents/PdfZipDownload';
import { SendInvoiceDialog } from '../../src/features/invoices/documents/SendInvoiceDialog';
import { fakeDocumentSource } from '../../src/features/invoices/testing/documentFixtures';
import {
  makeInvoices,
  simpleDraft,
  validatedInvoice,
} from '../../src/features/invoices/testing/invoiceFixtures';

type Invoice = typeof simpleDraft;

/** The pane on an invoice, its documents answered from memory (no server). */
function PaneStory({ invoice, fail }: { invoice: Invoice; fail?: ('pdf' | 'sendings' | 'send')[] }) {
  const [source] = useState(() => fakeDocumentSource(fail ? { fail } : {}));
  return (
    <InvoiceDocumentSourceContext.Provider value={source}>
      <div style={{ maxWidth: 560 }}>
        <InvoiceDocumentPane invoice={invoice} />
      </div>
    </InvoiceDocumentSourceContext.Provider>
  );
}

const meta: Meta<typeof PaneStory> = { title: 'Invoices/Documents', component: PaneStory };
export default meta;
type Story = StoryObj<typeof PaneStory>;

/** A draft: its PROVISOIRE preview and the download; no mail before validation. */
export const DraftPreview: Story = { args: { invoice: simpleDraft } };
/** A validated invoice: preview, download, « Envoyer par email » and the mails already sent. */
export const ValidatedWithSendings: Story = { args: { invoice: validatedInvoice } };
/** The PDF could not be had: said in French, with a retry. */
export const PreviewFailed: Story = { args: { invoice: simpleDraft, fail: ['pdf'] } };

/** The send dialog open: the proposed mail, every word editable. */
export const SendDialog: StoryObj = {
  render: () => {
    const [source] = useState(() => fakeDocumentSource());
    const [open, setOpen] = useState(true);
    return (
      <InvoiceDocumentSourceContext.Provider value={source}>
        <button type="button" onClick={() => setOpen(true)}>
          Ouvrir
        </button>
        <SendInvoiceDialog
          open={open}
          invoiceId={validatedInvoice.id}
          attachmentName="Facture FA-2026-0042.pdf"
          onClose={() => setOpen(false)}
          onSent={() => setOpen(false)}
        />
      </InvoiceDocumentSourceContext.Provider>
    );
  },
};

/** « Télécharger les PDF » of three selected invoices (the ZIP is made in the browser). */
export const ZipDownload: StoryObj = {
  render: () => {
    const [source] = useState(() => fakeDocumentSource());
    return (
      <InvoiceDocumentSourceContext.Provider value={source}>
        <PdfZipDownload invoices={makeInvoices(3)} />
      </InvoiceDocumentSourceContext.Provider>
    );
  },
};
