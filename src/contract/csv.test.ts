import { describe, expect, it } from 'vitest';
import { csvText, neutraliseCell } from './csv';

describe('the screens CSV', () => {
  it('a byte order mark, ; between cells, CRLF, quotes where needed, formulas neutralised', () => {
    expect(
      csvText(
        ['Client', 'Montant'],
        [
          ['=1+1', '-12,50'],
          ['A;B', '@x'],
          ['"dit"', '+33 6'],
        ],
      ),
    ).toBe('\uFEFFClient;Montant\r\n\'=1+1;-12,50\r\n"A;B";\'@x\r\n"""dit""";\'+33 6\r\n');
  });

  it('plain negative numbers stay numbers; full-width signs are neutralised too', () => {
    expect(neutraliseCell('-0,05')).toBe('-0,05');
    expect(neutraliseCell('\uFF1DSUM(A1)')).toBe("'\uFF1DSUM(A1)");
  });
});
