/** yyyy-MM-dd shown in the browser's own date format, without any time-zone shift. */
export function formatDate(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  return new Date(y, m - 1, d).toLocaleDateString();
}

/** Holiday figures can be halves: 25 or 24.5, never 24.500000001. */
export function formatDays(value: number): string {
  return String(Math.round(value * 10) / 10);
}
