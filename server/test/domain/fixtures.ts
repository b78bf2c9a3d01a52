/** Builders for the domain tests: quotes, and the invoices of a quote as the server would store them. */
import {
  creditNoteAmounts,
  type DepositRequest,
  depositInvoice,
  type InvoiceAmounts,
  type InvoiceKind,
  type InvoiceStatus,
  type LineProgress,
  type ProgressRequest,
  progressStatement,
  type QuoteContext,
  type QuoteInvoice,
  type QuoteLine,
} from '../../src/domain/index.js';

/** A line: quantity and unit price as decimals (converted to Fixed4), VAT rate in basis points. */
export function line(
  id: number,
  quantity: number,
  unitPrice: number,
  vatRate = 2000,
  chapterId: number | null = null,
): QuoteLine {
  return {
    id,
    chapterId,
    quantity: Math.round(quantity * 10_000),
    unitPrice: Math.round(unitPrice * 10_000),
    vatRate,
  };
}

export function quote(lines: QuoteLine[], options: Partial<Omit<QuoteContext, 'lines'>> = {}): QuoteContext {
  return { lines, reverseCharge: false, retainageRate: 0, ...options };
}

export function unwrap<T>(result: { ok: true; value: T } | { ok: false; key: string }): T {
  if (!result.ok) throw new Error(`refused: ${result.key}`);
  return result.value;
}

/** The invoices of one quote, appended in order as the server would store them. */
export class QuoteBook {
  readonly invoices: QuoteInvoice[] = [];
  private nextId = 1;

  constructor(readonly quote: QuoteContext) {}

  store(
    kind: InvoiceKind,
    amounts: InvoiceAmounts,
    options: {
      status?: InvoiceStatus;
      progress?: readonly LineProgress[];
      correctsInvoiceId?: number | null;
      date?: string;
    } = {},
  ): QuoteInvoice {
    const id = this.nextId++;
    const invoice: QuoteInvoice = {
      id,
      kind,
      status: options.status ?? 'VALIDEE',
      createdOrder: id,
      date: options.date ?? '2026-03-01',
      number: null,
      correctsInvoiceId: options.correctsInvoiceId ?? null,
      amounts,
      progress: options.progress ?? [],
      retainagePaid: 0,
    };
    this.invoices.push(invoice);
    return invoice;
  }

  deposit(request: DepositRequest): QuoteInvoice {
    return this.store('factureAcompte', unwrap(depositInvoice(this.quote, this.invoices, request)));
  }

  statement(request: ProgressRequest): QuoteInvoice {
    const statement = unwrap(progressStatement(this.quote, this.invoices, request));
    return this.store('facture', statement.amounts, { progress: statement.progress });
  }

  /** Progress of every line to one cumulative percentage. */
  allLinesTo(percent: number): QuoteInvoice {
    return this.statement({ lines: this.quote.lines.map((l) => ({ lineId: l.id, percent })) });
  }

  creditNote(invoice: QuoteInvoice): QuoteInvoice {
    return this.store('factureAvoir', creditNoteAmounts(invoice.amounts), { correctsInvoiceId: invoice.id });
  }
}
