/**
 * Notification texts (zod-free, the bell imports it). The server stores each text with its dates as
 * yyyy-MM-dd, a stable machine form; the browser shows them in the user's own date format
 * (`localizeNotificationText`): dates are shown in the local date format.
 */

/** "½ working day", "1 working day", "3 working days", "2.5 working days". */
export function workingDaysPhrase(count: number): string {
  const rounded = Math.round(count * 10) / 10;
  if (rounded === 0.5) return '½ working day';
  return `${rounded} working ${rounded === 1 ? 'day' : 'days'}`;
}

/**
 * What a request costs, as its notifications say it: "½ day, PM" for a one-day request from midday,
 * "½ day, AM" for one ending at midday, else the working days with the halves named
 * ("2.5 working days, starts at midday").
 */
export function leaveCostPhrase(request: {
  startDate: string;
  endDate: string;
  workingDays: number;
  startHalfDay: boolean;
  endHalfDay: boolean;
}): string {
  if (request.startDate === request.endDate && (request.startHalfDay || request.endHalfDay)) {
    if (request.startHalfDay && request.endHalfDay) return '½ day';
    return `½ day, ${request.startHalfDay ? 'PM' : 'AM'}`;
  }
  const halves = [
    request.startHalfDay ? 'starts at midday' : null,
    request.endHalfDay ? 'ends at midday' : null,
  ].filter(Boolean);
  return [workingDaysPhrase(request.workingDays), ...halves].join(', ');
}

export interface DateFormatters {
  date: (isoDate: string) => string;
  range: (start: string, end: string) => string;
}

const ISO_DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const DATE_OR_RANGE = new RegExp(String.raw`(?<![\w-])(${ISO_DATE})(?: to (${ISO_DATE}))?(?![\w-])`, 'g');
/** Texts stored before the count was pluralised said "(1 working days)". */
const ONE_WORKING_DAYS = /(?<![\d.])1 working days\b/g;

/** The text with every yyyy-MM-dd date (and "A to B" range) in the user's format, counts in good English. */
export function localizeNotificationText(text: string, format: DateFormatters): string {
  return text
    .replace(DATE_OR_RANGE, (_match, start: string, end: string | undefined) =>
      end ? format.range(start, end) : format.date(start),
    )
    .replace(ONE_WORKING_DAYS, '1 working day');
}
