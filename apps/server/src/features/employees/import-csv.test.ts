/** Reading an import file: UTF-8 with or without BOM, comma or semicolon, quoted cells, row numbers. */
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@hr/shared/hr/employee-import';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { decodeImportFile, parseImportCsv } from './import-csv.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => parseImportCsv(decodeImportFile(bytes(text)));

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const HEADER = 'employee number,full name,email,position,department,start date';

describe('decoding and delimiters', () => {
  it('reads a comma-separated file without a BOM', () => {
    const parsed = read(`${HEADER}\nE1,Ann Lee,ann@x.example,Fitter,Workshop,2026-01-05\n`);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.columns).toEqual([
      'employeeNumber',
      'fullName',
      'email',
      'position',
      'department',
      'startDate',
    ]);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        cells: {
          employeeNumber: 'E1',
          fullName: 'Ann Lee',
          email: 'ann@x.example',
          position: 'Fitter',
          department: 'Workshop',
          startDate: '2026-01-05',
        },
      },
    ]);
  });

  it('reads a semicolon-separated UTF-8 file with a BOM (Excel in Europe), CRLF and DD/MM/YYYY kept as text', () => {
    const text =
      '\uFEFFEmployee_Number;Full Name;EMAIL;Position;Department;Start_Date\r\nE2;Zoë Ñúñez;zoe@x.example;"Fitter; senior";Werkstatt;05/01/2026\r\n';
    const parsed = read(text);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows[0]?.cells).toEqual({
      employeeNumber: 'E2',
      fullName: 'Zoë Ñúñez',
      email: 'zoe@x.example',
      position: 'Fitter; senior',
      department: 'Werkstatt',
      startDate: '05/01/2026',
    });
  });

  it('keeps a quoted comma, quote and line break inside one cell, and numbers rows as a spreadsheet does', () => {
    const parsed = read(
      `${HEADER}\n\nE3,"Lee, Ann ""Annie""",a@x.example,"Two\nlines",Ops,\n,,,,,\nE4,Bo,b@x.example,P,D,\n`,
    );
    expect(parsed.rows.map((r) => r.row)).toEqual([3, 5]);
    expect(parsed.rows[0]?.cells.fullName).toBe('Lee, Ann "Annie"');
    expect(parsed.rows[0]?.cells.position).toBe('Two\nlines');
  });

  it('refuses bytes that are not UTF-8, and NUL characters', () => {
    const latin1 = new Uint8Array([...bytes(`${HEADER}\nE5,Zo`), 0xeb, ...bytes(',z@x.example,P,D,\n')]);
    const notUtf8 = refusal(() => decodeImportFile(latin1));
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.message).toBe(IMPORT_MESSAGES.notUtf8);
    const nul = refusal(() => decodeImportFile(bytes(`${HEADER}\nE6,A\u0000,a@x.example,P,D,\n`)));
    expect(nul.status).toBe(400);
  });
});

describe('the header', () => {
  it('names each missing required column and each duplicate, and ignores unknown ones with a warning', () => {
    const parsed = read('Full name,EMAIL,email,salary\nAnn,a@x.example,b@x.example,100\n');
    expect(parsed.fileErrors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'email', message: IMPORT_MESSAGES.duplicateColumn },
        { row: 1, column: 'employeeNumber', message: IMPORT_MESSAGES.missingColumn },
        { row: 1, column: 'position', message: IMPORT_MESSAGES.missingColumn },
        { row: 1, column: 'department', message: IMPORT_MESSAGES.missingColumn },
      ]),
    );
    expect(parsed.fileWarnings).toEqual([
      { row: 1, column: 'salary', message: IMPORT_MESSAGES.unknownColumn },
    ]);
    // The first of two same columns is the one read.
    expect(parsed.rows[0]?.cells.email).toBe('a@x.example');
  });

  it('refuses an empty file, a header alone, and more rows than the cap', () => {
    expect(refusal(() => read('')).message).toBe(IMPORT_MESSAGES.empty);
    expect(refusal(() => read(`${HEADER}\n\n`)).message).toBe(IMPORT_MESSAGES.empty);
    const many = `${HEADER}\n${'E,A,a@x.example,P,D,\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const tooMany = refusal(() => read(many));
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe(IMPORT_MESSAGES.tooManyRows);
  });
});
