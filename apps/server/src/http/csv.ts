/**
 * CSV downloads (ADR 0098): written by papaparse, spreadsheet-safe, UTF-8 with a byte-order mark so
 * that Excel reads accents right. A text cell starting with = + - @ tab or carriage return would be
 * run as a formula by Excel or LibreOffice: it is written with a leading apostrophe (and quoted).
 * Numbers stay numbers (a negative adjustment is -2, not '-2).
 */
import type { Context } from 'hono';
import Papa from 'papaparse';

/**
 * papaparse's own `escapeFormulae: true` pattern is /^[=+\-@\t\r].*$/, whose `.*$` fails on a cell
 * with a line break ("=cmd\n..."), so such a cell went out unescaped; only the first character matters.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null;

/** Rows (the first one the header) as CSV text, formula-escaped, CRLF line ends, with a BOM. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${Papa.unparse(
    rows.map((r) => [...r]),
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  )}\r\n`;
}

/** Answers the CSV as a download named `fileName` (ASCII, chosen by the server). */
export function csvAttachment(c: Context, fileName: string, csv: string) {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-store');
  return c.body(csv, 200);
}
