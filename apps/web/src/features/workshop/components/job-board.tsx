/**
 * The Operations screen's job board: Orders (parts to order or receive), Stock (ready to issue) and
 * Complete, each in the company's shared schedule order.
 */

import type { JobBoardResponse, JobSummary, PagedJobList } from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
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
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useInvalidateOnCompanyChange } from '@/lib/company-changed';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useJobBoard } from '../api/get-job-board';
import { useMoreJobs } from '../api/get-job-page';
import { useMarkScheduled } from '../api/mark-scheduled';
import { useResetSchedule } from '../api/reset-schedule';
import { useReorderList } from '../api/save-schedule';
import { workshopKeys } from '../api/workshop-keys';
import { workshopAbilities } from '../workshop-access';
import { JobCard } from './job-card';
import { JobDetailsDialog } from './job-details-dialog';
import { SortableJobList } from './sortable-job-list';

type ListName = 'orders' | 'stock' | 'complete';

const LISTS: Array<{ value: ListName; label: string; hint: string; empty: string }> = [
  {
    value: 'orders',
    label: 'Orders',
    hint: 'Jobs with parts still to order or receive.',
    empty: 'No jobs are waiting for parts.',
  },
  {
    value: 'stock',
    label: 'Stock',
    hint: 'Jobs whose parts are all in stock or received: ready to issue.',
    empty: 'No jobs are ready to issue.',
  },
  { value: 'complete', label: 'Complete', hint: 'Recently completed jobs.', empty: 'No completed jobs yet.' },
];

export function BoardSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

/**
 * The jobs of Orders or Stock that are loaded: the board's first page, then the pages fetched with
 * "Load more". A job that moved between pages while they were fetched is shown once.
 */
function useLoadedJobs(companyId: string | null, board: JobBoardResponse | undefined, list: PagedJobList) {
  const queryClient = useQueryClient();
  // Pages loaded before (the board was left and opened again) stay wanted: an enabled query is what
  // the mutations' invalidation refetches, so they never show jobs that moved meanwhile.
  const [wanted, setWanted] = useState(
    () => queryClient.getQueryData(workshopKeys.morePages(companyId, list)) !== undefined,
  );
  const more = useMoreJobs(companyId, list, wanted);
  const seen = new Set<string>();
  const jobs: JobSummary[] = [];
  for (const job of [...(board?.[list].jobs ?? []), ...(more.data?.pages.flatMap((p) => p.jobs) ?? [])]) {
    if (seen.has(job.id)) continue;
    seen.add(job.id);
    jobs.push(job);
  }
  // While the first further page loads there is no next-page answer yet: keep the button (busy).
  const hasMore = wanted
    ? more.isPending || more.hasNextPage || more.isError
    : (board?.[list].nextOffset ?? null) !== null;
  const loadMore = () => {
    if (!wanted) setWanted(true);
    // A failed first page has no page to follow: ask for it again.
    else if (!more.data) void more.refetch();
    else void more.fetchNextPage();
  };
  const loading = more.isFetching && (more.isPending || more.isFetchingNextPage);
  // Once pages were asked for, the count stays under the list (focus goes there after the last page).
  return { jobs, hasMore, paged: wanted, loadMore, loading, error: more.isError ? more.error : null };
}

type LoadedJobs = ReturnType<typeof useLoadedJobs>;

function EmptyList({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{text}</p>;
}

/** Orders or Stock: the loaded jobs, reorderable, and "Load more" while the list has more. */
function OpenJobList({
  list,
  label,
  empty,
  loaded,
  total,
  disabled,
  onReorder,
  renderJob,
}: {
  list: PagedJobList;
  label: string;
  empty: string;
  loaded: LoadedJobs;
  total: number;
  disabled: boolean;
  onReorder: (ids: string[]) => void;
  renderJob: (job: JobSummary, handle?: ReactNode) => ReactNode;
}) {
  if (loaded.jobs.length === 0) return <EmptyList text={empty} />;
  return (
    <>
      <SortableJobList
        jobs={loaded.jobs}
        label={`${label} jobs`}
        disabled={disabled}
        onReorder={onReorder}
        renderJob={renderJob}
      />
      {(loaded.hasMore || loaded.paged) && (
        <LoadMore
          status={`Showing ${loaded.jobs.length} of ${total}`}
          label={`Load more ${list === 'orders' ? 'Orders' : 'Stock'} jobs`}
          hasMore={loaded.hasMore}
          loading={loaded.loading}
          onLoad={loaded.loadMore}
        >
          {loaded.error !== null && (
            <span className="text-sm text-destructive" role="alert">
              {errorMessage(loaded.error)}
            </span>
          )}
        </LoadMore>
      )}
    </>
  );
}

export function JobBoard() {
  const { data: me } = useMe();
  const companyId = me?.company?.id ?? null;
  const abilities = workshopAbilities(me);
  useInvalidateOnCompanyChange(workshopKeys.all);
  const board = useJobBoard(companyId);
  const reorder = useReorderList(companyId);
  const markScheduled = useMarkScheduled();
  const reset = useResetSchedule();
  const [tab, setTab] = useState<ListName>('orders');
  const [openId, setOpenId] = useState<string | null>(null);
  const orders = useLoadedJobs(companyId, board.data, 'orders');
  const stock = useLoadedJobs(companyId, board.data, 'stock');

  if (board.isPending) {
    return (
      <>
        <p className="sr-only" role="status">
          Loading jobs...
        </p>
        <BoardSkeleton />
      </>
    );
  }
  if (board.isError && !board.data) {
    return (
      <LoadError title={WORKSHOP_MESSAGES.loadFailed} detail={errorMessage(board.error)} query={board} />
    );
  }
  const data = board.data;

  async function runScheduleAction(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      notify.success(success);
    } catch (error) {
      notify.error(WORKSHOP_MESSAGES.updateFailed, errorMessage(error));
    }
  }

  const renderJob = (job: JobSummary, handle?: ReactNode) => (
    <JobCard
      job={job}
      handle={handle}
      onOpen={(j) => setOpenId(j.id)}
      onMarkScheduled={
        abilities.canEditJobs
          ? (j) => runScheduleAction(() => markScheduled.mutateAsync(j.id), WORKSHOP_MESSAGES.scheduleSaved)
          : undefined
      }
      markingScheduled={markScheduled.isPending}
    />
  );

  return (
    <>
      <Tabs value={tab} onValueChange={(v) => setTab(v as ListName)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Job lists">
            {LISTS.map((list) => (
              <TabsTrigger key={list.value} value={list.value}>
                {list.label} ({data[list.value].total})
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex items-center gap-2">
            {board.isFetching && (
              <span className="text-sm text-muted-foreground" role="status">
                Refreshing...
              </span>
            )}
            {abilities.canEditJobs && (
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.schedule.length === 0 || reset.isPending}
                  >
                    <RotateCcw aria-hidden="true" />
                    Reset order
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Reset the job order?</AlertDialogTitle>
                    <AlertDialogDescription>
                      The custom order is cleared for everyone in the company and every job becomes new again.
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction
                      onClick={() =>
                        runScheduleAction(() => reset.mutateAsync(), WORKSHOP_MESSAGES.scheduleReset)
                      }
                    >
                      Reset order
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            )}
          </div>
        </div>
        {LISTS.map((list) => (
          <TabsContent key={list.value} value={list.value} className="min-w-0">
            <p className="mb-3 text-sm text-muted-foreground">{list.hint}</p>
            {list.value === 'complete' ? (
              data.complete.jobs.length === 0 ? (
                <EmptyList text={list.empty} />
              ) : (
                <ol aria-label={`${list.label} jobs`} className="grid grid-cols-1 gap-2">
                  {data.complete.jobs.map((job) => (
                    <li
                      key={job.id}
                      className="min-w-0"
                      data-testid="job-item"
                      data-work-order={job.workOrderNumber}
                    >
                      {renderJob(job)}
                    </li>
                  ))}
                </ol>
              )
            ) : (
              <OpenJobList
                list={list.value}
                label={list.label}
                empty={list.empty}
                loaded={list.value === 'orders' ? orders : stock}
                total={data[list.value].total}
                disabled={!abilities.canEditJobs}
                onReorder={(ids) =>
                  reorder.mutate(
                    { list: list.value as PagedJobList, ids },
                    {
                      onSuccess: () => notify.success(WORKSHOP_MESSAGES.scheduleSaved),
                      onError: (error) => notify.error(WORKSHOP_MESSAGES.updateFailed, errorMessage(error)),
                    },
                  )
                }
                renderJob={renderJob}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
      <JobDetailsDialog
        jobId={openId}
        summary={[...orders.jobs, ...stock.jobs, ...data.complete.jobs].find((j) => j.id === openId) ?? null}
        abilities={abilities}
        onOpenChange={(open) => !open && setOpenId(null)}
      />
    </>
  );
}
