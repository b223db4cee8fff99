/**
 * Audit Trail (ADR 0102): every recorded change, newest first, filtered by person, kind and dates
 * (UTC days), 50 a page, with the CSV export of the same filter. Read-only: nothing here changes a row.
 */
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_MESSAGES,
  type AuditEvent,
  type AuditFilter,
  type AuditKind,
} from '@hr/shared/audit/audit.schemas';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { auditExportHref, useAuditEvents } from '../api/get-audit-events';

/** A before/after value in one line: `field: value` pairs, or the JSON. */
function summary(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

function Change({ event }: { event: AuditEvent }) {
  const before = summary(event.before);
  const after = summary(event.after);
  return (
    <div className="grid max-w-md gap-1 text-xs break-words">
      {before && (
        <span>
          <span className="font-medium">Before:</span> {before}
        </span>
      )}
      {after && (
        <span>
          <span className="font-medium">After:</span> {after}
        </span>
      )}
    </div>
  );
}

export function AuditTrailTab() {
  const ids = { person: useId(), kind: useId(), from: useId(), to: useId() };
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const badRange = Boolean(filter.from && filter.to && filter.from > filter.to);
  const query = useAuditEvents(badRange ? { ...filter, to: undefined } : filter, page);
  const { data, isPending, isError } = query;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const change = (next: Partial<AuditFilter>) => {
    setFilter((current) => {
      const merged = { ...current, ...next };
      return Object.fromEntries(Object.entries(merged).filter(([, v]) => v)) as AuditFilter;
    });
    setPage(1);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Trail</CardTitle>
        <CardDescription>
          Who changed what, when and from where. Entries are written with each change and cannot be edited or
          deleted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
          aria-label="Filter the audit trail"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="grid gap-1">
            <Label htmlFor={ids.person}>Person</Label>
            <NativeSelect
              id={ids.person}
              value={filter.userId ?? ''}
              onChange={(e) => change({ userId: e.target.value || undefined })}
            >
              <option value="">Everyone</option>
              {data?.people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.kind}>Kind</Label>
            <NativeSelect
              id={ids.kind}
              value={filter.kind ?? ''}
              onChange={(e) => change({ kind: (e.target.value || undefined) as AuditKind | undefined })}
            >
              <option value="">All kinds</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.from}>From</Label>
            <Input
              id={ids.from}
              type="date"
              value={filter.from ?? ''}
              onChange={(e) => change({ from: e.target.value || undefined })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.to}>To</Label>
            <Input
              id={ids.to}
              type="date"
              value={filter.to ?? ''}
              aria-invalid={badRange ? true : undefined}
              aria-describedby={badRange ? `${ids.to}-error` : undefined}
              onChange={(e) => change({ to: e.target.value || undefined })}
            />
            {badRange && (
              <p id={`${ids.to}-error`} className="text-sm text-destructive">
                {AUDIT_MESSAGES.badRange}
              </p>
            )}
          </div>
          <div className="flex items-end">
            <a
              className={buttonClasses('outline')}
              href={auditExportHref(badRange ? { ...filter, to: undefined } : filter)}
              download
            >
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </div>
        </form>
        {isPending ? (
          <Spinner label="Loading the audit trail" />
        ) : isError ? (
          <LoadError title={AUDIT_MESSAGES.loadFailed} query={query} />
        ) : data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No audit entries match these filters.
          </p>
        ) : (
          <>
            <Table aria-label="Audit trail" aria-busy={query.isFetching || undefined}>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead>Target</TableHead>
                  <TableHead>Change</TableHead>
                  <TableHead>IP</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleString()}</time>
                    </TableCell>
                    <TableCell>{event.actorName ?? 'System'}</TableCell>
                    <TableCell className="whitespace-nowrap">{AUDIT_KIND_LABELS[event.kind]}</TableCell>
                    <TableCell className="break-all">{event.targetLabel ?? event.targetType}</TableCell>
                    <TableCell>
                      <Change event={event} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-xs">{event.ipAddress ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <nav className="flex flex-wrap items-center justify-between gap-2" aria-label="Audit trail pages">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Page {data.page} of {pages} ({data.total} entries)
              </p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </nav>
          </>
        )}
      </CardContent>
    </Card>
  );
}
