/** Everything about one job: parts, notes, SOP documents and photos, and the job's actions. */
import { isPartSatisfied } from '@hr/shared/workshop/job-rules';
import type { Job, JobSummary } from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import { CheckCircle2, FileText, Image, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useJob } from '../api/get-job';
import { useIssueJob } from '../api/issue-job';
import { useUpdateJob } from '../api/update-job';
import type { WorkshopAbilities } from '../workshop-access';
import { DeadlineLabel } from './deadline-label';
import { formatDateTime, formatQuantity } from './format';
import { PartsTable } from './parts-table';
import { JOB_STATUS_LABELS, StatusPill } from './status-pill';

/** The file's name: the last segment of its path, or of its `key` for stored documents (`/documents/file?key=`). */
export function fileName(url: string): string {
  const parsed = new URL(url, 'http://local');
  const path = parsed.searchParams.get('key') ?? decodeURIComponent(parsed.pathname);
  return path.split('/').filter(Boolean).pop() || url;
}

function DocumentLinks({
  title,
  urls,
  icon: Icon,
}: {
  title: string;
  urls: string[];
  icon: typeof FileText;
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      {urls.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className="space-y-1">
          {urls.map((url) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
              >
                <Icon className="size-4" aria-hidden="true" />
                {fileName(url)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NotesForm({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const id = useId();
  const [notes, setNotes] = useState(job.comments ?? '');
  const updateJob = useUpdateJob();
  useEffect(() => setNotes(job.comments ?? ''), [job.comments]);
  const changed = notes.trim() !== (job.comments ?? '');

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await updateJob.mutateAsync({ jobId: job.id, notes });
      notify.success(WORKSHOP_MESSAGES.jobUpdated);
    } catch (error) {
      notify.error(WORKSHOP_MESSAGES.updateFailed, errorMessage(error));
    }
  }

  return (
    <form onSubmit={save} className="grid gap-2">
      <Label htmlFor={id}>Notes</Label>
      <Textarea
        id={id}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        readOnly={!canEdit}
        maxLength={2000}
        rows={3}
        placeholder={canEdit ? 'Notes for the workshop' : 'No notes'}
      />
      {canEdit && (
        <div>
          <Button type="submit" size="sm" variant="outline" disabled={!changed || updateJob.isPending}>
            {updateJob.isPending ? 'Saving...' : 'Save notes'}
          </Button>
        </div>
      )}
    </form>
  );
}

function JobActions({ job }: { job: Job }) {
  const statusId = useId();
  const issueJob = useIssueJob();
  const updateJob = useUpdateJob();
  const ready = job.parts.every(isPartSatisfied);

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      notify.success(success);
    } catch (error) {
      notify.error(WORKSHOP_MESSAGES.updateFailed, errorMessage(error));
    }
  }

  if (job.isComplete) {
    return (
      <Button
        variant="outline"
        onClick={() =>
          run(() => updateJob.mutateAsync({ jobId: job.id, status: 'pending' }), WORKSHOP_MESSAGES.jobUpdated)
        }
      >
        Reopen job
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor={statusId}>Status</Label>
        <NativeSelect
          id={statusId}
          className="w-40"
          value={job.status}
          disabled={updateJob.isPending}
          onChange={(e) =>
            run(
              () => updateJob.mutateAsync({ jobId: job.id, status: e.target.value as Job['status'] }),
              WORKSHOP_MESSAGES.jobUpdated,
            )
          }
        >
          <option value="pending">Pending</option>
          <option value="in-progress">In progress</option>
        </NativeSelect>
      </div>
      <Button
        onClick={() => run(() => issueJob.mutateAsync(job.id), WORKSHOP_MESSAGES.jobIssued)}
        disabled={job.issued || !ready || issueJob.isPending}
        title={!ready ? WORKSHOP_MESSAGES.partsOutstanding : undefined}
      >
        <Send aria-hidden="true" />
        {job.issued ? 'Issued' : issueJob.isPending ? 'Issuing...' : 'Issue job'}
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline">
            <CheckCircle2 aria-hidden="true" />
            Complete job
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Complete {job.workOrderNumber}?</AlertDialogTitle>
            <AlertDialogDescription>
              The job leaves the Orders and Stock lists and moves to Complete.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                run(
                  () => updateJob.mutateAsync({ jobId: job.id, status: 'complete' }),
                  WORKSHOP_MESSAGES.jobCompleted,
                )
              }
            >
              Complete job
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {!ready && (
        <p className="basis-full text-sm text-muted-foreground">{WORKSHOP_MESSAGES.partsOutstanding}</p>
      )}
    </div>
  );
}

/** The header: from the full job once loaded, from the board's summary until then. */
function JobHeader({ head, job }: { head: JobSummary | Job | null; job: Job | undefined }) {
  return (
    <DialogHeader>
      <DialogTitle>{head?.title ?? 'Job details'}</DialogTitle>
      <DialogDescription asChild>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {head && (
            <>
              <span>{head.workOrderNumber}</span>
              <span>Quantity {formatQuantity(head.quantityRequired)}</span>
              <DeadlineLabel deadline={head.deadline} overdue={head.isOverdue} />
              <StatusPill tone={JOB_STATUS_LABELS[head.status].tone}>
                {JOB_STATUS_LABELS[head.status].label}
              </StatusPill>
              {head.issued && (
                <StatusPill tone="success">
                  Issued{job?.issuedAt ? ` ${formatDateTime(job.issuedAt)}` : ''}
                  {job?.issuedBy?.name ? ` by ${job.issuedBy.name}` : ''}
                </StatusPill>
              )}
            </>
          )}
        </div>
      </DialogDescription>
    </DialogHeader>
  );
}

function JobDetailsSkeleton() {
  return (
    <div className="grid gap-3">
      <p className="sr-only" role="status">
        Loading job details...
      </p>
      <Skeleton className="h-32 w-full" aria-hidden="true" />
      <Skeleton className="h-20 w-full" aria-hidden="true" />
    </div>
  );
}

function JobDetails({ job, abilities }: { job: Job; abilities: WorkshopAbilities }) {
  return (
    <>
      <section aria-label="Parts">
        <h3 className="mb-1 text-sm font-semibold">Parts</h3>
        <PartsTable job={job} abilities={abilities} caption={`Parts of ${job.workOrderNumber}`} />
      </section>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr] [&>*]:min-w-0">
        <NotesForm job={job} canEdit={abilities.canEditJobs && !job.isComplete} />
        <DocumentLinks title="SOP documents" urls={job.sopDocuments} icon={FileText} />
        <DocumentLinks title="Photos" urls={job.photos} icon={Image} />
      </div>
      {abilities.canEditJobs && <JobActions job={job} />}
    </>
  );
}

/**
 * The job details dialog: opens at once with the card's summary in its header, and loads the full
 * job (`GET /api/v1/workshop/jobs/:id`) for the parts, notes, documents and actions (ADR 0023).
 */
export function JobDetailsDialog({
  jobId,
  summary,
  abilities,
  onOpenChange,
}: {
  /** The open job, or null when the dialog is closed. */
  jobId: string | null;
  /** The job's card on the board, shown until the full job is loaded. */
  summary: JobSummary | null;
  abilities: WorkshopAbilities;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useJob(jobId);
  const job = details.data;
  return (
    <Dialog open={jobId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto md:max-w-5xl [&>*]:min-w-0">
        {jobId !== null && (
          <>
            <JobHeader head={job ?? summary} job={job} />
            {job ? (
              <JobDetails job={job} abilities={abilities} />
            ) : details.isError ? (
              <LoadError
                title={WORKSHOP_MESSAGES.jobLoadFailed}
                detail={errorMessage(details.error)}
                query={details}
              />
            ) : (
              <JobDetailsSkeleton />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
