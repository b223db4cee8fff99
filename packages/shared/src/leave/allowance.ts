/**
 * The leave allowance as pure rules (ADRs 0090, 0091): the ledger's kinds, an employee's days per
 * week, the default entitlement of a part-timer, the pro-rata of a joiner or leaver, carry-over with
 * its cap and expiry, and the balance as a sum of lines the employee can read. The server computes
 * every number with these; the browser only shows what the server returns.
 */
import { WEEKDAYS, type Weekday } from '../company/company-settings.ts';
import { laterDate } from '../hr/holiday-rules.ts';
import { inclusiveDayCount } from '../working-days.ts';

/** What a ledger entry records. Approved leave is not a kind: it is summed from the requests. */
export const LEDGER_KINDS = [
  'entitlement',
  'opening_balance',
  'adjustment',
  'carry_over_in',
  'carry_over_expired',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The kinds HR writes by hand; the others are written by the server (entitlement, rollover). */
export const MANUAL_LEDGER_KINDS = ['opening_balance', 'adjustment'] as const;
export type ManualLedgerKind = (typeof MANUAL_LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  entitlement: 'Entitlement',
  opening_balance: 'Opening balance',
  adjustment: 'Adjustment',
  carry_over_in: 'Carried over from last year',
  carry_over_expired: 'Carry-over expired',
};

/** The UK statutory minimum: 5.6 weeks of the employee's working days, at most 28 days. */
export const STATUTORY_WEEKS = 5.6;
export const STATUTORY_CAP_DAYS = 28;

/** x rounded up to the next half day (an entitlement is never rounded below what is owed). */
export function roundUpToHalfDay(x: number): number {
  // Rounded to 1e-6 first so that 14.000000001 from floating point stays 14.
  return Math.ceil(Math.round(x * 2 * 1e6) / 1e6) / 2;
}

/** One decimal, for sums of half days (0.1 + 0.2 is not 0.3). */
export function roundDays(x: number): number {
  return Math.round(x * 10) / 10;
}

/** "1 day", "2.5 days", "-3 days". */
export function daysText(days: number): string {
  const n = roundDays(days);
  return `${n} ${Math.abs(n) === 1 ? 'day' : 'days'}`;
}

/** "+2 days" / "-1.5 days" / "0 days". */
export function signedDaysText(days: number): string {
  const n = roundDays(days);
  return n > 0 ? `+${daysText(n)}` : daysText(n);
}

function patternOrDefault(pattern: readonly string[] | null | undefined): Weekday[] {
  const days = (pattern ?? []).filter((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d));
  return days.length ? days : ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
}

/**
 * Days a week the employee works: their own pattern (`working_pattern`, when the column exists and
 * is set) or else the company's. The one place that reads an employee's pattern for the allowance,
 * so that adding the column is a one-line change.
 */
export function daysPerWeekOf(
  employee: { workingPattern?: readonly string[] | null },
  companyPattern: readonly string[] | null | undefined,
): number {
  const own = employee.workingPattern?.length ? employee.workingPattern : null;
  return new Set(patternOrDefault(own ?? companyPattern)).size;
}

/** An entitlement and the text lines that show how it was worked out. */
export interface Calculation {
  days: number;
  lines: string[];
}

/**
 * A new employee's full-year entitlement from the company's (full-time) one, for a part-time week.
 * - The statutory part is pro-rated by the law's own rule: days a week x 5.6, at most 28.
 * - The company's entitlement above the full-time statutory part (e.g. 33 - 28 = 5 extra days) is
 *   pro-rated by the share of the full week worked (days a week / the company's days a week).
 * - A company entitlement below the statutory minimum is pro-rated by that share alone.
 * Rounded up to the half day. A full-time employee gets the company's entitlement unchanged.
 */
export function defaultEntitlement(input: {
  companyDays: number;
  daysPerWeek: number;
  companyDaysPerWeek: number;
}): Calculation {
  const { companyDays, daysPerWeek, companyDaysPerWeek } = input;
  const share = Math.min(1, daysPerWeek / companyDaysPerWeek);
  if (share >= 1) {
    return {
      days: companyDays,
      lines: [`Full time (${daysPerWeek} days a week): the company's ${daysText(companyDays)}`],
    };
  }
  const fullTimeStatutory = Math.min(companyDaysPerWeek * STATUTORY_WEEKS, STATUTORY_CAP_DAYS);
  const lines = [`Part time: ${daysPerWeek} of the company's ${companyDaysPerWeek} working days a week`];
  if (companyDays <= fullTimeStatutory) {
    const days = roundUpToHalfDay(companyDays * share);
    lines.push(
      `${daysText(companyDays)} x ${daysPerWeek}/${companyDaysPerWeek} = ${roundDays(companyDays * share)}, rounded up to the half day: ${daysText(days)}`,
    );
    return { days, lines };
  }
  const statutory = Math.min(daysPerWeek * STATUTORY_WEEKS, STATUTORY_CAP_DAYS);
  const extra = (companyDays - fullTimeStatutory) * share;
  const days = roundUpToHalfDay(statutory + extra);
  lines.push(
    `Statutory: ${daysPerWeek} days x ${STATUTORY_WEEKS} weeks = ${roundDays(daysPerWeek * STATUTORY_WEEKS)}${daysPerWeek * STATUTORY_WEEKS > STATUTORY_CAP_DAYS ? `, capped at ${STATUTORY_CAP_DAYS}` : ''}`,
    `Company days above statutory: (${roundDays(companyDays)} - ${roundDays(fullTimeStatutory)}) x ${daysPerWeek}/${companyDaysPerWeek} = ${roundDays(extra)}`,
    `Total ${roundDays(statutory + extra)}, rounded up to the half day: ${daysText(days)}`,
  );
  return { days, lines };
}

export interface YearWindow {
  start: string;
  end: string;
}

interface YearEntitlementInput {
  annualDays: number;
  year: YearWindow;
  startDate: string;
  endDate: string | null;
}

/** The calendar days of the year and of its employed part, or null when not employed in it. */
function employedDays({ year, startDate, endDate }: YearEntitlementInput) {
  const from = laterDate(startDate, year.start);
  const to = endDate && endDate < year.end ? endDate : year.end;
  if (from > to) return null;
  return { yearDays: inclusiveDayCount(year.start, year.end), employed: inclusiveDayCount(from, to) };
}

/**
 * `yearEntitlement`'s days without its explanation: what the balances of a list, the approvals and
 * the reports add up, with no text built per row.
 */
export function yearEntitlementDays(input: YearEntitlementInput): number | null {
  const span = employedDays(input);
  if (!span) return null;
  if (span.employed === span.yearDays) return input.annualDays;
  return roundUpToHalfDay((input.annualDays * span.employed) / span.yearDays);
}

/**
 * One holiday year's entitlement: the employee's full-year days, pro-rated by the calendar days of
 * the year they are employed (joined after the start, or leaving before the end), rounded up to the
 * half day. null when they are not employed at all in the year.
 */
export function yearEntitlement(input: YearEntitlementInput): Calculation | null {
  const { annualDays, year } = input;
  const span = employedDays(input);
  if (!span) return null;
  const { yearDays, employed } = span;
  const header = `Holiday year ${year.start} to ${year.end}: ${daysText(annualDays)} a full year`;
  if (employed === yearDays) return { days: annualDays, lines: [header] };
  const raw = (annualDays * employed) / yearDays;
  const days = roundUpToHalfDay(raw);
  const why = [
    input.startDate > year.start ? `joined ${input.startDate}` : null,
    input.endDate && input.endDate < year.end ? `leaves ${input.endDate}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    days,
    lines: [
      header,
      `Employed ${employed} of the year's ${yearDays} days (${why})`,
      `${roundDays(annualDays)} x ${employed}/${yearDays} = ${Math.round(raw * 100) / 100}, rounded up to the half day: ${daysText(days)}`,
    ],
  };
}

/** What moves into the new year: the unused days, never below 0, at most the cap. */
export function carryOverDays(remaining: number, cap: number): number {
  return roundDays(Math.max(0, Math.min(remaining, cap)));
}

/** The first day on which unused carry-over has expired: `months` into the year; null: never. */
export function carryOverExpiryDate(yearStart: string, months: number | null): string | null {
  if (months === null) return null;
  const y = Number(yearStart.slice(0, 4));
  const m = Number(yearStart.slice(5, 7)) - 1 + months;
  // A year start is always the first of a month, so this is the first of the month `months` later.
  return `${y + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The carry-over that expires: carried-over days are used first, so what expires is what was carried
 * in less the allowance-using leave (by start date) taken in the new year before the expiry date.
 */
export function expiredCarryOver(carriedIn: number, takenBeforeExpiry: number): number {
  return roundDays(Math.max(0, carriedIn - Math.max(0, takenBeforeExpiry)));
}

/** A ledger entry as the balance sums it. */
export interface LedgerLine {
  kind: LedgerKind;
  days: number;
  reason: string;
}

export interface BalanceLine {
  label: string;
  /** Signed: what the line adds to (or takes from) the remaining days. */
  days: number;
  detail: string | null;
}

export interface LedgerBalance {
  /** What the year allows: the sum of the ledger entries. */
  total: number;
  /** Approved allowance-using leave of the year. */
  used: number;
  remaining: number;
  /** Pending allowance-using requests of the year (not yet counted as used). */
  pending: number;
  /** Every term of `remaining`, in order, ending with the remaining days. */
  lines: BalanceLine[];
}

const KIND_ORDER: Record<LedgerKind, number> = {
  entitlement: 0,
  opening_balance: 1,
  carry_over_in: 2,
  carry_over_expired: 3,
  adjustment: 4,
};

/** Remaining = the year's ledger entries - approved leave; each term is a line the employee sees. */
export function ledgerBalance(input: {
  entries: readonly LedgerLine[];
  approved: { days: number; count: number };
  pending: { days: number; count: number };
}): LedgerBalance {
  const entries = [...input.entries].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const total = roundDays(entries.reduce((sum, e) => sum + e.days, 0));
  const used = roundDays(input.approved.days);
  const remaining = roundDays(total - used);
  const lines: BalanceLine[] = entries.map((e) => ({
    label: LEDGER_KIND_LABELS[e.kind],
    days: roundDays(e.days),
    detail: e.reason || null,
  }));
  lines.push({
    label: 'Approved leave',
    // 0 - used, not -used: no "-0" for a year without leave.
    days: 0 - used,
    detail: `${input.approved.count} ${input.approved.count === 1 ? 'request' : 'requests'}`,
  });
  lines.push({ label: 'Remaining', days: remaining, detail: null });
  return { total, used, remaining, pending: roundDays(input.pending.days), lines };
}

/**
 * Days left for a new request: remaining less pending, the figure the allowance check compares the
 * request with ("Not enough holiday allowance remaining ({n} days left)").
 */
export function daysLeftForBooking(balance: Pick<LedgerBalance, 'remaining' | 'pending'>): number {
  return roundDays(balance.remaining - balance.pending);
}

export function notEnoughAllowanceMessage(daysLeft: number): string {
  return `Not enough holiday allowance remaining (${roundDays(daysLeft)} days left)`;
}
