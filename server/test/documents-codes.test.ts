/**
 * Issue 18, the codes the Factur-X XML derives from the product's own data: the unit a tradesperson
 * types → UN/ECE Rec 20 (BT-130), the reform's « cadre de facturation » (BT-23) from the nature of
 * the operation and the kind of invoice, and when the VAT falls due (BT-8).
 */
import { describe, expect, it } from 'vitest';
import { billingFrameworkCode, unitCode, vatDueDateTypeCode } from '../src/documents/codes.js';
import type { InvoiceDocument } from '../src/documents/invoice-data.js';

type Facts = Pick<InvoiceDocument, 'kind' | 'amounts' | 'settings'>;

const facts = (
  kind: InvoiceDocument['kind'],
  operationNature: 'goods' | 'services' | 'mixed',
  { vatOnDebits = false, depositHt = 0 } = {},
) =>
  ({
    kind,
    amounts: { depositHt } as InvoiceDocument['amounts'],
    settings: { operationNature, vatOnDebits } as InvoiceDocument['settings'],
  }) satisfies Facts;

describe('units (BT-130, UN/ECE Recommendation 20)', () => {
  it.each([
    ['m²', 'MTK'],
    ['M2', 'MTK'],
    ['m 2', 'MTK'],
    ['m³', 'MTQ'],
    ['m3', 'MTQ'],
    ['m', 'MTR'],
    ['ml', 'MTR'],
    ['m.l.', 'MTR'],
    ['h', 'HUR'],
    ['heures', 'HUR'],
    ['u', 'C62'],
    ['U.', 'C62'],
    ['unité', 'C62'],
    ['pièce', 'H87'],
    ['pièces', 'H87'],
    ['forfait', 'LS'],
    ['Forfait', 'LS'],
    ['ens', 'SET'],
    ['kg', 'KGM'],
    ['t', 'TNE'],
    ['l', 'LTR'],
    ['jours', 'DAY'],
    ['mm', 'MMT'],
  ])('« %s » is %s', (unit, code) => {
    expect(unitCode(unit)).toBe(code);
  });

  it('a unit it does not know is counted in units (C62)', () => {
    expect(unitCode('°')).toBe('C62');
    expect(unitCode('')).toBe('C62');
    expect(unitCode('sacs')).toBe('C62');
  });
});

describe('cadre de facturation (BT-23)', () => {
  it('the letter is the nature of the operation: B goods, S services, M both', () => {
    expect(billingFrameworkCode(facts('simple', 'goods'))).toBe('B1');
    expect(billingFrameworkCode(facts('simple', 'services'))).toBe('S1');
    expect(billingFrameworkCode(facts('simple', 'mixed'))).toBe('M1');
  });

  it('4 for the final invoice that deducts deposits, never for a deposit invoice (BR-FR-CO-08)', () => {
    expect(billingFrameworkCode(facts('final', 'services', { depositHt: 30_000 }))).toBe('S4');
    expect(billingFrameworkCode(facts('final', 'mixed', { depositHt: 30_000 }))).toBe('M4');
    expect(billingFrameworkCode(facts('final', 'services'))).toBe('S1');
    expect(billingFrameworkCode(facts('deposit', 'goods'))).toBe('B1');
    expect(billingFrameworkCode(facts('progress', 'services', { depositHt: 30_000 }))).toBe('S1');
    expect(billingFrameworkCode(facts('credit_note', 'services', { depositHt: -30_000 }))).toBe('S1');
  });
});

describe('when the VAT falls due (BT-8)', () => {
  it('works and services: on payment (72), on the invoice (5) with the option for the debits', () => {
    expect(vatDueDateTypeCode(facts('simple', 'services'))).toBe('72');
    expect(vatDueDateTypeCode(facts('progress', 'mixed'))).toBe('72');
    expect(vatDueDateTypeCode(facts('simple', 'services', { vatOnDebits: true }))).toBe('5');
    expect(vatDueDateTypeCode(facts('deposit', 'mixed', { vatOnDebits: true }))).toBe('5');
  });

  it('goods: on the invoice (5), but a deposit on goods on payment (72)', () => {
    expect(vatDueDateTypeCode(facts('simple', 'goods'))).toBe('5');
    expect(vatDueDateTypeCode(facts('final', 'goods'))).toBe('5');
    expect(vatDueDateTypeCode(facts('deposit', 'goods'))).toBe('72');
    expect(vatDueDateTypeCode(facts('deposit', 'goods', { vatOnDebits: true }))).toBe('72');
  });
});
