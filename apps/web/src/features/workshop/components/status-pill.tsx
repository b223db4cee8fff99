/** Small coloured labels for job and part states (the shared Badge is the red unread counter). */
import type { PartState } from '@hr/shared/workshop/job-rules';
import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

const TONES = {
  neutral: 'border-slate-300 bg-slate-100 text-slate-800',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  danger: 'border-red-300 bg-red-50 text-red-800',
} as const;
export type PillTone = keyof typeof TONES;

export function StatusPill({
  tone,
  children,
  className,
}: {
  tone: PillTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

export const PART_STATE_LABELS: Record<PartState, { label: string; tone: PillTone }> = {
  in_stock: { label: 'In stock', tone: 'success' },
  to_order: { label: 'To order', tone: 'danger' },
  ordered: { label: 'Ordered', tone: 'info' },
  part_received: { label: 'Part received', tone: 'warning' },
  received: { label: 'Received', tone: 'success' },
};

export const JOB_STATUS_LABELS = {
  pending: { label: 'Pending', tone: 'neutral' },
  'in-progress': { label: 'In progress', tone: 'info' },
  complete: { label: 'Complete', tone: 'success' },
} as const satisfies Record<string, { label: string; tone: PillTone }>;
