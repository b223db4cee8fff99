/**
 * Super admins' leave administration in Holiday Management (issue 18): the holiday-year rollover on
 * demand (it also runs on its own, ADR 0091) and sickness per employee over the last 52 weeks.
 */
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRollover, useSicknessTotals } from '../api/leave-admin';
import { formatDate } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';

export function LeaveAdminCard() {
  const totals = useSicknessTotals(true);
  const rollover = useRollover();
  const run = () =>
    rollover.mutate(undefined, {
      onSuccess: (r) =>
        notify.success(
          `Holiday-year rollover complete: ${r.entitlements} entitlements, ${r.carriedOver} carry-overs, ${r.expired} expiries written`,
        ),
      onError: (error) => notify.error(errorMessage(error, 'Failed to run the rollover')),
    });
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Leave Administration</CardTitle>
        <CardDescription>
          The holiday-year rollover runs on its own when the year turns; run it now after changing the
          carry-over settings.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <Button variant="outline" disabled={rollover.isPending} onClick={run}>
            Run holiday-year rollover
          </Button>
        </div>
        <h3 className="font-semibold">
          Sickness, last 52 weeks
          {totals.data ? ` (${formatDate(totals.data.from)} to ${formatDate(totals.data.to)})` : ''}
        </h3>
        {totals.isPending ? (
          <LoadingRows label="Loading sickness totals" />
        ) : totals.isError ? (
          <LoadError
            title="Failed to load sickness totals"
            detail={errorMessage(totals.error)}
            query={totals}
          />
        ) : totals.data.items.length === 0 ? (
          <EmptyState>No sickness recorded in the last 52 weeks</EmptyState>
        ) : (
          <Table aria-label="Sickness totals">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Employee</TableHead>
                <TableHead>Spells</TableHead>
                <TableHead>Days</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {totals.data.items.map((item) => (
                <TableRow key={item.employeeRecordId}>
                  <TableCell>{item.employeeName}</TableCell>
                  <TableCell>{item.spells}</TableCell>
                  <TableCell>{item.days}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
