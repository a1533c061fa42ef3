import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { paiseToText } from '../src/domain/money';
import { csvLines, guardCell } from './csv';

describe('csv helpers', () => {
  it('guards cells a spreadsheet would run as formulas', () => {
    for (const risky of ['=SUM(A1)', '+91 98', '+5', '-5-5', '-1+2', '-5.', '-.5', '- 5', '-5e3', '@cmd', '\tx', '\rx'])
      expect(guardCell(risky)).toBe(`'${risky}`);
    for (const safe of ['Rao Traders', '5.00', '', ' =later', "'quoted"]) expect(guardCell(safe)).toBe(safe);
  });

  it('writes a plain number as it is, so a spreadsheet can sum it (a negative ageing or amount)', () => {
    for (const number of ['-28', '-5.00', '0', '-0.5', '1234.56']) expect(guardCell(number)).toBe(number);
  });

  it('writes paise as rupees with two decimals, exactly', () => {
    expect(paiseToText(123456)).toBe('1234.56');
    expect(paiseToText(5)).toBe('0.05');
    expect(paiseToText(0)).toBe('0.00');
    expect(paiseToText(-500)).toBe('-5.00');
    expect(paiseToText(900_719_925_474_099)).toBe('9007199254740.99');
  });

  it('quotes per RFC 4180, ends every line with CRLF and round-trips through papaparse', () => {
    const rows = [
      ['name', 'note'],
      ['Rao, Sons', 'said "hi"'],
      ['Line\nbreak', '=1+1'],
    ];
    const text = csvLines(rows);
    expect(text).toBe('name,note\r\n"Rao, Sons","said ""hi"""\r\n"Line\nbreak",\'=1+1\r\n');
    expect(csvLines([])).toBe('');
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ['name', 'note'],
      ['Rao, Sons', 'said "hi"'],
      ['Line\nbreak', "'=1+1"],
    ]);
  });
});
