/** Counts of working days in words, for notifications and the browser (no library imports). */
/** "½ day", "1 day", "2.5 days": a count of working days as notifications and the form say it. */
export function formatDayCount(days: number): string {
  if (days === 0.5) return '½ day';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "½ working day", "1 working day", "2.5 working days". */
export function formatWorkingDays(days: number): string {
  if (days === 0.5) return '½ working day';
  return `${days} working ${days === 1 ? 'day' : 'days'}`;
}

/** "This request spans two holiday years: 3 days from 2026, 2 days from 2027". */
export function yearSplitNotice(parts: readonly { holidayYear: number; workingDays: number }[]): string {
  const counts = parts.map((p) => `${formatDayCount(p.workingDays)} from ${p.holidayYear}`).join(', ');
  return `This request spans two holiday years: ${counts}`;
}
