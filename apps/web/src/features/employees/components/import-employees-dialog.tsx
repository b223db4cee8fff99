/**
 * "Import employees" (issue 19): choose a CSV file, the server checks every row (dry run) and the
 * preview marks each cell it refused with its message; once the file has no errors, "Import" writes
 * every row in one go. The rules are the server's; this only shows its answer.
 */
import {
  IMPORT_COLUMN_HEADERS,
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportIssue,
  type ImportResult,
  type ImportRow,
} from '@hr/shared/hr/employee-import';
import { Download, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { notify } from '@/lib/toast';
import { IMPORT_TEMPLATE_URL, useImportEmployees } from '../api/import-employees';

/** Rows shown in the preview table at most (the summary counts them all). */
const SHOWN_ROWS = 200;

const label = (column: string) => {
  const header = IMPORT_COLUMN_HEADERS[column as ImportColumn] ?? column;
  return header.charAt(0).toUpperCase() + header.slice(1);
};

function issueText(issue: ImportIssue) {
  return `Row ${issue.row}, ${label(issue.column)}: ${issue.message}`;
}

/** The preview's rows (only those with errors when there are any), each refused cell marked with its message. */
export function PreviewTable({ result }: { result: ImportResult }) {
  const withErrors = result.rows.filter((r) => r.errors.length > 0);
  const rows: ImportRow[] = (withErrors.length ? withErrors : result.rows).slice(0, SHOWN_ROWS);
  const total = withErrors.length || result.rows.length;
  return (
    <div className="grid gap-2">
      {withErrors.length > 0 && (
        <p className="text-sm text-muted-foreground">Showing the rows with errors.</p>
      )}
      <Table aria-label="Import preview" containerClassName="max-h-[50dvh] overflow-y-auto rounded-md border">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Row</TableHead>
            {result.columns.map((column) => (
              <TableHead key={column} className="whitespace-nowrap">
                {label(column)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const invalid = row.errors.length > 0;
            return (
              <TableRow
                key={row.row}
                data-testid={`import-row-${row.row}`}
                className={cn(invalid && 'bg-red-50/60')}
              >
                <TableCell className={cn('font-medium', invalid && 'text-destructive')}>{row.row}</TableCell>
                {result.columns.map((column) => {
                  const errors = row.errors.filter((e) => e.column === column);
                  const warnings = row.warnings.filter((w) => w.column === column);
                  return (
                    <TableCell
                      key={column}
                      aria-invalid={errors.length > 0 || undefined}
                      data-error={errors.length > 0 || undefined}
                      className={cn(
                        'min-w-28 align-top',
                        errors.length > 0 && 'bg-red-100 text-destructive outline outline-destructive/40',
                      )}
                    >
                      <span className="break-words">{row.values[column] ?? ''}</span>
                      {errors.map((e) => (
                        <span key={e.message} className="block text-xs font-medium">
                          {e.message}
                        </span>
                      ))}
                      {warnings.map((w) => (
                        <span key={w.message} className="block text-xs text-amber-700">
                          {w.message}
                        </span>
                      ))}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {total > rows.length && (
        <p className="text-sm text-muted-foreground">
          Showing {rows.length} of {total} rows.
        </p>
      )}
    </div>
  );
}

export function ImportEmployeesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const mutation = useImportEmployees();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const busy = mutation.isPending;

  const check = (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    mutation.mutate(
      { file: chosen, dryRun: true },
      {
        onSuccess: setPreview,
        onError: (error) => notify.error(errorMessage(error, IMPORT_MESSAGES.unreadable)),
      },
    );
  };

  const runImport = () => {
    if (!file) return;
    mutation.mutate(
      { file, dryRun: false },
      {
        onSuccess: (result) => {
          notify.success(
            IMPORT_MESSAGES.imported(result.imported),
            result.summary.invites > 0 ? IMPORT_MESSAGES.invitationsSent(result.summary.invites) : undefined,
          );
          close();
        },
        onError: (error) => {
          notify.error(errorMessage(error, IMPORT_MESSAGES.unreadable));
          // The file changed state in the meantime (a number taken since the check): check it again.
          if (error instanceof ApiError && error.code === 'IMPORT_INVALID') check(file);
        },
      },
    );
  };

  const close = () => {
    setFile(null);
    setPreview(null);
    mutation.reset();
    onOpenChange(false);
  };

  const fileErrors = preview?.errors.filter((e) => e.row === 1) ?? [];
  const fileWarnings = preview?.warnings.filter((w) => w.row === 1) ?? [];
  const ready = preview !== null && preview.errors.length === 0 && preview.summary.valid > 0;

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-5xl! overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import employees</DialogTitle>
          <DialogDescription>
            Upload a CSV file (comma or semicolon separated, UTF-8) with one employee per row. Employee
            number, full name, email, position and department are required; dates as YYYY-MM-DD or DD/MM/YYYY.
            Nothing is saved until you confirm, and then every row or none.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="CSV file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Cleared at once, so choosing the same (corrected) file again still fires a change.
              event.target.value = '';
              if (chosen) check(chosen);
            }}
          />
          <Button type="button" onClick={() => input.current?.click()} disabled={busy}>
            <FileUp aria-hidden="true" />
            {file ? 'Choose another file' : 'Choose CSV file'}
          </Button>
          <a href={IMPORT_TEMPLATE_URL} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" />
            Download template
          </a>
          {file && <span className="min-w-0 truncate text-sm text-muted-foreground">{file.name}</span>}
        </div>

        {busy && (
          <p role="status" className="text-sm text-muted-foreground">
            {preview ? 'Importing...' : 'Checking the file...'}
          </p>
        )}

        {preview && (
          <div className="grid gap-3">
            <p role="status" data-testid="import-summary" className="text-sm">
              {preview.summary.rows} {preview.summary.rows === 1 ? 'row' : 'rows'}: {preview.summary.valid}{' '}
              ready, {preview.summary.invalid} with errors
              {preview.summary.invites > 0 ? `, ${preview.summary.invites} to invite` : ''}.
            </p>
            {fileErrors.length > 0 && (
              <Alert variant="destructive">
                <ul className="list-disc pl-4">
                  {fileErrors.map((e) => (
                    <li key={`${e.column}-${e.message}`}>{issueText(e)}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {fileWarnings.length > 0 && (
              <Alert>
                <ul className="list-disc pl-4">
                  {fileWarnings.map((w) => (
                    <li key={`${w.column}-${w.message}`}>{issueText(w)}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {preview.errors.length > 0 && (
              <Alert variant="destructive">
                The file has {preview.errors.length} {preview.errors.length === 1 ? 'error' : 'errors'}:
                correct the file and choose it again.
              </Alert>
            )}
            {preview.rows.length > 0 && <PreviewTable result={preview} />}
          </div>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" onClick={runImport} disabled={!ready || busy}>
            {ready
              ? `Import ${preview.summary.valid} ${preview.summary.valid === 1 ? 'employee' : 'employees'}`
              : 'Import'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
