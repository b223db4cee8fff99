/** CSV downloads are spreadsheet-safe: a cell that a spreadsheet would run as a formula is escaped. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const cellsOf = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('toCsv', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+44 20 7946 0018', "'+44 20 7946 0018"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['=cmd|" /C calc"!A0\nsecond line', `'=cmd|" /C calc"!A0\nsecond line`],
    ['Plain text', 'Plain text'],
    ['a=b', 'a=b'],
  ])('writes %j as %j', (value, written) => {
    const csv = toCsv([['Name'], [value]]);
    expect(cellsOf(csv)[1]).toEqual([written]);
  });

  it('keeps numbers, negative ones too, as numbers, and null as an empty cell', () => {
    const csv = toCsv([
      ['Days', 'Other'],
      [-2.5, null],
      [0, true],
    ]);
    expect(csv.startsWith('\uFEFFDays,Other\r\n-2.5,\r\n0,true\r\n')).toBe(true);
  });
});
