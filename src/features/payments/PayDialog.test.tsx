import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BatchPayResult, PayRow } from '../../api/payments';
import { batchPaySchema } from '../../contract/payments';
import { validationMessages } from '../../i18n/validationMessages';
import { PayDialog } from './PayDialog';
import { demoBanks, makeOutstanding } from './testing/paymentFixtures';

const rows = makeOutstanding(2).map((row) => ({ ...row, invoiceDate: '2026-03-10' }));
const ok = (paid: PayRow[]): BatchPayResult => ({
  data: {
    paid: paid.map((p, i) => ({
      invoiceId: p.invoiceId,
      isRetainage: p.isRetainage ?? false,
      paymentId: i + 1,
    })),
    failed: [],
  },
  errors: [],
});

function open(answer: (body: PayRow[]) => Promise<BatchPayResult> = async (body) => ok(body)) {
  const pay = vi.fn(async (_id: number, body: PayRow[]) => answer(body));
  const onPaid = vi.fn();
  render(
    <PayDialog
      open
      enterpriseId={1}
      rows={rows}
      banks={demoBanks}
      onClose={() => {}}
      onPaid={onPaid}
      pay={pay}
    />,
  );
  return { pay, onPaid, user: userEvent.setup() };
}

describe('PayDialog', { timeout: 30_000 }, () => {
  it('pays every line in full by default, one partially when asked, with the default bank', async () => {
    const { pay, onPaid, user } = open();
    await user.clear(screen.getByLabelText('Date de règlement'));
    await user.type(screen.getByLabelText('Date de règlement'), '12/03/2026');
    const second = screen.getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('radio', { name: 'Partiel' }));
    const amount = within(second).getByLabelText(/^Montant pour/);
    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.click(screen.getByRole('button', { name: /^Enregistrer les 2 règlements/ }));
    expect(pay).toHaveBeenCalledTimes(1);
    const body = pay.mock.calls[0]![1];
    expect(body.map((r) => [r.invoiceId, r.amountCents, r.paidOn, r.mode, r.bankId])).toEqual([
      [rows[0]!.invoiceId, rows[0]!.balanceCents, '2026-03-12', 'transfer', 1],
      [rows[1]!.invoiceId, 1250, '2026-03-12', 'transfer', 1],
    ]);
    expect(onPaid).toHaveBeenCalledWith(rows.map((r) => r.key));
    // The body is one the server's own schema takes.
    expect(batchPaySchema.safeParse({ payments: body }).success).toBe(true);
  });

  it('the default bank is chosen even when the banks arrive after the dialog opened', async () => {
    const props = { open: true, enterpriseId: 1, rows, onClose: () => {}, onPaid: () => {} };
    const { rerender } = render(<PayDialog {...props} banks={[]} />);
    expect(screen.getByLabelText('Banque')).toHaveProperty('value', '');
    rerender(<PayDialog {...props} banks={demoBanks} />);
    expect(screen.getByLabelText('Banque')).toHaveProperty('value', '1');
  });

  it('refuses a partial amount above what is owed, in French, without calling the server', async () => {
    const { pay, user } = open();
    const first = screen.getAllByRole('listitem')[0]!;
    await user.click(within(first).getByRole('radio', { name: 'Partiel' }));
    const amount = within(first).getByLabelText(/^Montant pour/);
    await user.clear(amount);
    await user.type(amount, '999999');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    // The server's sentence for the same rule, not a second wording of it.
    expect(
      within(first).getByText('Le montant du règlement dépasse le reste à payer de la facture.'),
    ).toBeTruthy();
    expect(pay).not.toHaveBeenCalled();
    // The keyboard lands on the amount to correct.
    expect(document.activeElement).toBe(amount);
  });

  it('shows the batch on its way, then keeps a refused row with its reason and everything typed', async () => {
    let answer!: (result: BatchPayResult) => void;
    const { onPaid, user } = open(() => new Promise((resolve) => (answer = resolve)));
    await user.clear(screen.getByLabelText('Date de règlement'));
    await user.type(screen.getByLabelText('Date de règlement'), '12/03/2026');
    await user.type(screen.getByLabelText('Commentaire'), 'Remise du lundi');
    await user.click(screen.getByRole('button', { name: /^Enregistrer les 2 règlements/ }));
    expect(screen.getByRole('status').textContent).toContain('Enregistrement des 2 règlements en cours…');
    await act(async () =>
      answer({
        data: {
          paid: [{ invoiceId: rows[0]!.invoiceId, isRetainage: false, paymentId: 1 }],
          failed: [
            {
              invoiceId: rows[1]!.invoiceId,
              isRetainage: false,
              invoiceNumber: rows[1]!.invoiceNumber,
              key: 'payment_exceeds_balance',
            },
          ],
        },
        errors: [{ key: 'batch_invoices_not_paid', items: [rows[1]!.invoiceNumber!] }],
      }),
    );
    expect(onPaid).toHaveBeenCalledWith([rows[0]!.key]);
    expect(screen.getByRole('alert').textContent).toBe(
      `Ces factures n'ont pas pu être réglées : ${rows[1]!.invoiceNumber}.`,
    );
    const second = screen.getAllByRole('listitem')[1]!;
    expect(second.textContent).toContain(
      `${rows[1]!.invoiceNumber} : Le montant du règlement dépasse le reste à payer de la facture.`,
    );
    expect(screen.getByLabelText('Commentaire')).toHaveProperty('value', 'Remise du lundi');
    expect(screen.getByLabelText('Date de règlement')).toHaveProperty('value', '12/03/2026');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a date before the invoice asks whether it was received before issuance, and sends the answer', async () => {
    const { pay, user } = open();
    await user.clear(screen.getByLabelText('Date de règlement'));
    await user.type(screen.getByLabelText('Date de règlement'), '01/03/2026');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    const question = screen.getByRole('alertdialog', { name: validationMessages.paymentBeforeInvoice });
    expect(pay).not.toHaveBeenCalled();
    // The keyboard lands on the answer: Enter confirms, Tab reaches « Non, corriger la date ».
    expect(document.activeElement).toBe(
      within(question).getByRole('button', { name: "Oui, reçu avant l'émission" }),
    );
    await user.click(within(question).getByRole('button', { name: "Oui, reçu avant l'émission" }));
    expect(
      pay.mock.calls[0]![1].every((r) => r.receivedBeforeIssuance === true && r.paidOn === '2026-03-01'),
    ).toBe(true);
  });

  it('a credit-note payment sends zero amounts; a bad date keeps what was typed and says why', async () => {
    const { pay, user } = open();
    await user.selectOptions(screen.getByLabelText('Mode de règlement'), 'avoir');
    await user.clear(screen.getByLabelText('Date de règlement'));
    // Not a real day (the field puts the slashes in as it is typed: DateField).
    await user.type(screen.getByLabelText('Date de règlement'), '31022026');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    expect(screen.getByText(validationMessages.date)).toBeTruthy();
    expect(screen.getByLabelText('Date de règlement')).toHaveProperty('value', '31/02/2026');
    expect(pay).not.toHaveBeenCalled();
    // A real day the server's rule refuses (src/contract/payments.ts): said here, not sent.
    await user.clear(screen.getByLabelText('Date de règlement'));
    await user.type(screen.getByLabelText('Date de règlement'), '01012101');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    expect(screen.getByText(validationMessages.dateTooLate)).toBeTruthy();
    expect(pay).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Date de règlement'));
    await user.type(screen.getByLabelText('Date de règlement'), '12/03/2026');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    expect(pay.mock.calls[0]![1].map((r) => [r.mode, r.amountCents, r.bankId])).toEqual([
      ['avoir', 0, null],
      ['avoir', 0, null],
    ]);
  });

  it('a cheque goes on a remittance slip: its number and drawer are required, then sent', async () => {
    const { pay, user } = open();
    await user.selectOptions(screen.getByLabelText('Mode de règlement'), 'check');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    expect(pay).not.toHaveBeenCalled();
    const number = screen.getByRole('textbox', { name: 'N° de chèque' });
    const drawer = screen.getByRole('textbox', { name: 'Tireur' });
    // The spec's message under each field, and the keyboard on the first one to fill.
    expect(screen.getAllByText(validationMessages.required)).toHaveLength(2);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);
    await user.type(number, '4471002');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    expect(pay).not.toHaveBeenCalled();
    expect(screen.getAllByText(validationMessages.required)).toHaveLength(1);
    expect(document.activeElement).toBe(drawer);
    await user.type(drawer, 'Jean Tireur');
    await user.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    expect(pay.mock.calls[0]![1].map((r) => [r.mode, r.chequeNumber, r.drawer])).toEqual([
      ['check', '4471002', 'Jean Tireur'],
      ['check', '4471002', 'Jean Tireur'],
    ]);
  });
});
