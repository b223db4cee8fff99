/**
 * Holiday Balance: remaining, used and total annual days, with a progress bar capped at 100%, and the
 * server's terms of the sum under "How is this calculated?" (ADR 0090).
 */
import { HOLIDAY_MESSAGES } from '@hr/shared/hr/holiday-constants';
import { BalanceLines } from '@/components/balance-lines';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useHolidayBalance } from '../api/get-balance';
import { formatDate, pluralDays } from '../lib/dates';
import { EmptyState } from './states';

function balanceError(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return HOLIDAY_MESSAGES.noEmployeeRecord;
  return HOLIDAY_MESSAGES.loadBalanceFailed;
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    // Narrow padding: at 1024 px the card is a third of the row and "Remaining" must fit its tile.
    <div className="min-w-0 rounded-md bg-muted/60 px-1 py-3 text-center">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className="text-2xl font-bold tabular-nums">
        {Math.round(value * 10) / 10}
      </dd>
    </div>
  );
}

export function BalanceCard() {
  const balance = useHolidayBalance();
  const data = balance.data;
  return (
    <Card className="h-full">
      <CardHeader className="pb-4">
        <CardTitle>Holiday Balance</CardTitle>
        <CardDescription>
          {data
            ? `Annual leave from ${formatDate(data.yearStart)} to ${formatDate(data.yearEnd)}`
            : 'Your annual leave this holiday year'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {balance.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading holiday balance">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-2 w-full" />
          </div>
        ) : balance.isError ? (
          <LoadError title={balanceError(balance.error)} query={balance} />
        ) : !data ? (
          <EmptyState>{HOLIDAY_MESSAGES.noData}</EmptyState>
        ) : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-3 gap-1.5" aria-label="Holiday balance">
              <Figure label="Remaining" value={data.remaining} testId="balance-remaining" />
              <Figure label="Used" value={data.used} testId="balance-used" />
              <Figure label="Total" value={data.total} testId="balance-total" />
            </dl>
            <div className="grid gap-1.5">
              <Progress value={data.percentUsed} aria-label="Share of annual leave used" />
              <p className="text-xs text-muted-foreground">
                {pluralDays(data.used)} of {pluralDays(data.total)} used
                {data.pending > 0 ? ` · ${pluralDays(data.pending)} pending approval` : ''}
              </p>
            </div>
            <BalanceLines lines={data.lines} calculation={data.entitlementCalculation} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
