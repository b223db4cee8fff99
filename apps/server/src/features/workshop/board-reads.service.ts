/**
 * Board reads (ADR 0024): the board's first pages, one more page of a list, the parts-ordering view
 * and one full job. A fixed number of statements whatever the number of work orders.
 */
import {
  isOverdue,
  jobDeadline,
  jobListOfCounts,
  orderJobs,
  type PartCounts,
  toJobStatus,
} from '@hr/shared/workshop/job-rules';
import {
  COMPLETE_LIST_LIMIT,
  type Job,
  type JobBoardResponse,
  type JobListPage,
  type JobPageResponse,
  type JobSummary,
  type PagedJobList,
  type PartsOrdersResponse,
} from '@hr/shared/workshop/workshop.schemas';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { tenantReader } from '../../db/tenant-read.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { partCountsOf, refreshJobLists, storedPartCounts } from './job-lists.service.ts';
import { buildJobs, loadJob, titleOf, today } from './jobs.service.ts';
import { planPage } from './page-planning.ts';
import {
  type BoardSlice,
  type BoardWorkOrderRow,
  listBoardSlices,
  listWorkOrdersInOrders,
  readBoardFirstPages,
  readBoardHead,
} from './workshop.repository.ts';

/**
 * Job summaries of board rows; the list and the part counts are the stored ones, which every change
 * keeps current (ADRs 0024, 0160), so the read looks up no BOM slot and no stock. A row without them
 * (written since the read's stale check) is counted from its parts in `tx`.
 */
async function buildSummaries(
  tx: Tx | null,
  companyId: string,
  rows: readonly BoardWorkOrderRow[],
  schedule: readonly string[],
  today: string,
): Promise<JobSummary[]> {
  const unstored = rows.filter((row) => storedPartCounts(row) === null);
  if (unstored.length && !tx) throw new Error('buildSummaries: rows without stored part counts');
  const countsOf = unstored.length && tx ? await partCountsOf(tx, companyId, unstored) : null;
  const scheduled = new Set(schedule);
  return rows.map((row) => {
    const partCounts = storedPartCounts(row) ?? (countsOf as (r: BoardWorkOrderRow) => PartCounts)(row);
    const status = toJobStatus(row.status);
    const isComplete = status === 'complete';
    const deadline = jobDeadline(row.dueDate, row.createdAt);
    return {
      id: row.id,
      title: titleOf(row),
      workOrderNumber: row.workOrderNumber,
      status,
      deadline,
      isOverdue: isOverdue(deadline, today, isComplete),
      isComplete,
      issued: row.issued,
      comments: row.notes,
      quantityRequired: row.quantityRequired,
      list: row.boardList ?? jobListOfCounts(isComplete, partCounts),
      isNew: !scheduled.has(row.id),
      partCounts,
    } satisfies JobSummary;
  });
}

/**
 * Pages of the board in three statements: the schedule, its open jobs by list (primary-key lookups)
 * and the per-list counts (index only); the pages' rows (`union all`); and their slots with stock.
 * Rows whose list was never computed are computed first (normally an empty index probe).
 */
async function readPages(
  tx: Tx,
  companyId: string,
  pages: ReadonlyArray<{ list: PagedJobList; offset: number; limit: number }>,
  withComplete: boolean,
  day: string,
) {
  // Schedule, its open jobs, the counts and whether any list is missing, in one statement (ADR 0120);
  // rows never computed are computed first, and the head read again (normally it is not needed).
  let head = await readBoardHead(tx, companyId);
  if (head.stale) {
    await refreshJobLists(tx, companyId, { kind: 'stale' });
    head = await readBoardHead(tx, companyId);
  }
  const { schedule, scheduledOpen, counts } = head;
  const scheduledBy = {
    orders: scheduledOpen.filter((j) => j.list === 'orders').map((j) => j.id),
    stock: scheduledOpen.filter((j) => j.list === 'stock').map((j) => j.id),
  };
  const plans = pages.map((p) => planPage(p.list, scheduledBy[p.list], schedule, p.offset, p.limit));
  const slices: BoardSlice[] = [{ kind: 'ids', ids: plans.flatMap((p) => p.scheduledIds) }];
  for (const plan of plans) if (plan.fresh) slices.push(plan.fresh);
  if (withComplete) slices.push({ kind: 'complete', limit: COMPLETE_LIST_LIMIT });
  const rows = await listBoardSlices(tx, companyId, slices);
  rows.sort((a, b) => a.slice - b.slice || a.ord - b.ord);
  const jobs = await buildSummaries(tx, companyId, rows, schedule, day);
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const ofSlice = (slice: BoardSlice | null) =>
    slice === null ? [] : jobs.filter((_, i) => slices[(rows[i] as { slice: number }).slice] === slice);

  const result: JobListPage[] = plans.map((plan, i) => {
    const { list, offset, limit } = pages[i] as { list: PagedJobList; offset: number; limit: number };
    const pageJobs = [
      // Each statement sees the latest commits: a scheduled job that changed list since it was planned
      // shows on its new list's next read, never on two lists at once.
      ...plan.scheduledIds
        .map((id) => byId.get(id))
        .filter((j): j is JobSummary => j !== undefined && j.list === list),
      ...ofSlice(plan.fresh),
    ];
    const total = counts[list];
    return { jobs: pageJobs, total, nextOffset: offset + limit < total ? offset + limit : null };
  });
  const complete = withComplete ? ofSlice(slices[slices.length - 1] as BoardSlice) : [];
  return { pages: result, complete, schedule: scheduledOpen.map((j) => j.id) };
}

/**
 * The board's statements are planned once per connection: their generic plans are as good as the
 * custom ones at 500, 5,000 and 50,000 work orders, though the planner estimates otherwise and would
 * plan the head and the pages' statements on every read (docs/performance.md, 2026-11-27).
 */
const BOARD_PLAN = { plan_cache_mode: 'force_generic_plan' } as const;

/**
 * The Operations screen's board (ADR 0024): the first page of Orders and Stock in board order, the
 * 50 most recent completed jobs, and each list's total. The cost grows with the page size and the
 * schedule (at most 5,000 ids), not with the number of open work orders, apart from the index-only
 * counts. One statement in one round trip (ADR 0160); when some work order has no list yet, the
 * lists are computed and the board read in a transaction as a job page is.
 */
export async function getJobBoard(db: Db, principal: Principal, limit: number): Promise<JobBoardResponse> {
  const day = today();
  const first = await readBoardFirstPages(
    tenantReader(db, tenantOf(principal), BOARD_PLAN),
    principal.companyId,
    limit,
    COMPLETE_LIST_LIMIT,
  );
  if (first.stale) return getJobBoardComputingLists(db, principal, limit, day);
  const jobs = await buildSummaries(null, principal.companyId, first.rows, first.schedule, day);
  const inList = (list: 'orders' | 'stock' | 'complete') =>
    jobs.filter((_, i) => first.rows[i]?.list === list);
  const pageOf = (list: 'orders' | 'stock'): JobListPage => {
    const total = first.counts[list];
    return { jobs: inList(list), total, nextOffset: limit < total ? limit : null };
  };
  const complete = inList('complete');
  return {
    orders: pageOf('orders'),
    stock: pageOf('stock'),
    complete: { jobs: complete, total: complete.length, nextOffset: null },
    schedule: first.scheduledOpen.map((j) => j.id),
    today: day,
  };
}

/** The board when some work order has no stored list yet: computed first, then read (ADR 0024). */
async function getJobBoardComputingLists(
  db: Db,
  principal: Principal,
  limit: number,
  day: string,
): Promise<JobBoardResponse> {
  return withTenant(
    db,
    tenantOf(principal),
    async (tx) => {
      const { pages, complete, schedule } = await readPages(
        tx,
        principal.companyId,
        [
          { list: 'orders', offset: 0, limit },
          { list: 'stock', offset: 0, limit },
        ],
        true,
        day,
      );
      return {
        orders: pages[0] as JobListPage,
        stock: pages[1] as JobListPage,
        complete: { jobs: complete, total: complete.length, nextOffset: null },
        schedule,
        today: day,
      };
    },
    BOARD_PLAN,
  );
}

/** One more page of Orders or Stock ("Load more"), in the same order as the board's first page. */
export async function getJobPage(
  db: Db,
  principal: Principal,
  query: { list: PagedJobList; offset: number; limit: number },
): Promise<JobPageResponse> {
  const day = today();
  return withTenant(db, tenantOf(principal), async (tx) => {
    const { pages } = await readPages(tx, principal.companyId, [query], false, day);
    return { ...(pages[0] as JobListPage), list: query.list, offset: query.offset, today: day };
  });
}

/** The parts-ordering view: open jobs with parts still to order or receive, most urgent first. */
export async function getPartsOrders(db: Db, principal: Principal): Promise<PartsOrdersResponse> {
  const day = today();
  return withTenant(db, tenantOf(principal), async (tx) => {
    // Only the jobs stored in Orders are built (every change keeps that list current, ADR 0024).
    await refreshJobLists(tx, principal.companyId, { kind: 'stale' });
    const rows = await listWorkOrdersInOrders(tx, principal.companyId);
    const jobs = await buildJobs(tx, principal.companyId, rows, [], day);
    return {
      jobs: orderJobs(
        jobs.filter((j) => j.list === 'orders'),
        [],
      ),
      today: day,
    };
  });
}

/** One full job (parts, notes, SOP documents, photos, issuer) for the job details dialog. */
export async function getJob(db: Db, principal: Principal, jobId: string): Promise<Job> {
  return withTenant(db, tenantOf(principal), (tx) => loadJob(tx, principal, jobId));
}
