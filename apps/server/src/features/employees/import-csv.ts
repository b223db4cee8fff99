/**
 * Reading an import file (ADR 0097): UTF-8 bytes (a byte-order mark dropped, anything else not UTF-8
 * refused) parsed by papaparse, comma or semicolon guessed from the file, the header matched to the
 * columns, and each later record a row of trimmed cells keyed by column. Empty lines are skipped but
 * counted, so a row number is the row a spreadsheet shows.
 */
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportIssue,
  importColumnOf,
  REQUIRED_IMPORT_COLUMNS,
} from '@hr/shared/hr/employee-import';
import Papa from 'papaparse';
import { AppError, errors } from '../../http/app-error.ts';
import { NUL_MESSAGE } from '../../http/input-guards.ts';

export interface CsvRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

export interface ParsedImport {
  columns: ImportColumn[];
  rows: CsvRow[];
  /** Problems of the file as a whole (a missing required column): nothing can be imported. */
  fileErrors: ImportIssue[];
  fileWarnings: ImportIssue[];
}

/** The file's text: UTF-8 only (a BOM is dropped by the decoder); NUL characters refused. */
export function decodeImportFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw errors.validation({ file: IMPORT_MESSAGES.notUtf8 }, IMPORT_MESSAGES.notUtf8);
  }
  if (text.includes('\u0000')) throw errors.validation({ file: NUL_MESSAGE }, NUL_MESSAGE);
  return text.replace(/^\uFEFF/, '');
}

/** Parses the text; a file without a usable header or any employee row is a 400. */
export function parseImportCsv(text: string): ParsedImport {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';'],
    skipEmptyLines: false,
    header: false,
  });
  const records = parsed.data;
  const header = records[0];
  if (!header || header.every((h) => !h.trim())) {
    throw errors.validation({ file: IMPORT_MESSAGES.empty }, IMPORT_MESSAGES.empty);
  }
  const fileErrors: ImportIssue[] = [];
  const fileWarnings: ImportIssue[] = [];
  const columnAt: (ImportColumn | null)[] = header.map((h) => {
    const column = importColumnOf(h);
    if (!column && h.trim()) {
      fileWarnings.push({ row: 1, column: h.trim().slice(0, 100), message: IMPORT_MESSAGES.unknownColumn });
    }
    return column;
  });
  const seen = new Set<ImportColumn>();
  for (const column of columnAt) {
    if (!column) continue;
    if (seen.has(column)) fileErrors.push({ row: 1, column, message: IMPORT_MESSAGES.duplicateColumn });
    seen.add(column);
  }
  for (const column of REQUIRED_IMPORT_COLUMNS) {
    if (!seen.has(column)) fileErrors.push({ row: 1, column, message: IMPORT_MESSAGES.missingColumn });
  }
  const rows: CsvRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const record = records[i] ?? [];
    if (record.every((cell) => !cell.trim())) continue;
    if (rows.length >= IMPORT_MAX_ROWS) {
      throw errors.validation({ file: IMPORT_MESSAGES.tooManyRows }, IMPORT_MESSAGES.tooManyRows);
    }
    const cells: Partial<Record<ImportColumn, string>> = {};
    columnAt.forEach((column, index) => {
      if (column && cells[column] === undefined) cells[column] = (record[index] ?? '').trim();
    });
    rows.push({ row: i + 1, cells });
  }
  if (!rows.length) throw errors.validation({ file: IMPORT_MESSAGES.empty }, IMPORT_MESSAGES.empty);
  return { columns: [...seen], rows, fileErrors, fileWarnings };
}

/** 413 with the import's message (also what the /api body limit answers on the import route). */
export function importTooLarge(): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { file: IMPORT_MESSAGES.tooLarge });
}
