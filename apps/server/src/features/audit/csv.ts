/**
 * CSV writing (RFC 4180) that a spreadsheet cannot run: a cell starting with = + - @, a tab or a
 * carriage return is read as a formula by Excel, LibreOffice and Google Sheets, so it gets a leading
 * apostrophe (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows joined with CRLF, with a UTF-8 byte order mark so spreadsheets read accents right. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
