import type { HolidayStatus } from '@hr/shared/hr/holidays.schemas';
import { cn } from '@/lib/class-names';

const STYLES: Record<HolidayStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  approved: 'border-green-300 bg-green-50 text-green-800',
  rejected: 'border-red-300 bg-red-50 text-red-800',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-700',
};

export const STATUS_LABELS: Record<HolidayStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status }: { status: HolidayStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
        STYLES[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
