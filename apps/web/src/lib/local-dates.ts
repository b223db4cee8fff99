/** yyyy-MM-dd calendar dates in the browser's own date format (dates are shown in the local date format). */
const OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function toLocalDate(value: string): Date | null {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return null;
  return new Date(y, m - 1, d);
}

/** "30 Dec 2026" / "Dec 30, 2026". */
export function formatLocalDate(value: string, locale?: string): string {
  const date = toLocalDate(value);
  return date ? date.toLocaleDateString(locale, OPTIONS) : value;
}

/** "30 Dec 2026 – 5 Jan 2027" / "Dec 30, 2026 – Jan 5, 2027": the locale's own range format. */
export function formatLocalDateRange(start: string, end: string, locale?: string): string {
  const from = toLocalDate(start);
  const to = toLocalDate(end);
  if (!from || !to) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(locale, OPTIONS).formatRange(from, to);
}
