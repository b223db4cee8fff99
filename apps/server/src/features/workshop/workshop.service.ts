/**
 * Workshop rules on the server: jobs are built here from work orders, BOM products and the component
 * stock (in one round of queries), and every change is checked here, never in the browser.
 */
import { isoDate } from '@hr/shared/working-days';
import {
  COMPONENT_SLOT_COUNT,
  type ComponentSlot,
  type ComponentStock,
  deriveParts,
  emptyProcurementEntry,
  isOverdue,
  isPartSatisfied,
  type JobList,
  jobDeadline,
  jobListOf,
  jobListOfCounts,
  orderJobs,
  type PartCounts,
  partIdOf,
  roundQuantity,
  settleProcurementEntry,
  summarizeParts,
  toDbStatus,
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
  SCHEDULE_LIMIT,
  type UpdateJobRequest,
} from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import type { Db, Tx } from '../../db/client.ts';
import type { PartProcurementEntry } from '../../db/schema/workshop.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Principal } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import {
  addStock,
  type BoardSlice,
  type BoardWorkOrderRow,
  type BomProductRow,
  countOpenJobsByList,
  findBomProducts,
  findComponents,
  findListInputs,
  findProductSlots,
  findSchedule,
  findScheduledOpenJobs,
  findWorkOrder,
  type ListScope,
  listBoardSlices,
  listWorkOrdersInOrders,
  lockCompanyWorkshop,
  lockWorkOrder,
  openWorkOrderIds,
  saveSchedule as saveScheduleRow,
  setBoardLists,
  updateWorkOrder,
  type WorkOrderRow,
} from './workshop.repository.ts';

const inTenant = <T>(db: Db, principal: Principal, fn: (tx: Tx) => Promise<T>) =>
  withTenant(db, { companyId: principal.companyId, userId: principal.user.id, role: principal.role }, fn);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name a job: 404 rather than a database error. */
function assertJobId(id: string): void {
  if (!UUID.test(id)) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
}

function slotsOf(product: BomProductRow | undefined): ComponentSlot[] {
  if (!product) return [];
  const row = product as unknown as Record<string, string | number | null>;
  const slots: ComponentSlot[] = [];
  for (let index = 1; index <= COMPONENT_SLOT_COUNT; index++) {
    const partNumber = row[`c${index}`];
    const quantity = row[`q${index}`];
    slots.push({
      index,
      partNumber: typeof partNumber === 'string' ? partNumber : null,
      quantity: quantity === null || quantity === undefined ? null : Number(quantity),
    });
  }
  return slots;
}

const titleOf = (row: Pick<WorkOrderRow, 'productCode' | 'productName'>) =>
  `${row.productCode} - ${row.productName}`;

/**
 * Jobs of the given work orders: their BOM products by id, then only the components those name,
 * then everything else in memory. Two queries whatever the number of work orders (no N+1).
 */
async function buildJobs(
  tx: Tx,
  companyId: string,
  rows: WorkOrderRow[],
  schedule: readonly string[],
  today: string,
): Promise<Job[]> {
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id): id is string => id !== null))];
  const products = new Map((await findBomProducts(tx, companyId, productIds)).map((p) => [p.id, p]));
  const slotsByProduct = new Map([...products].map(([id, p]) => [id, slotsOf(p)]));
  const partNumbers = new Set<string>();
  for (const slots of slotsByProduct.values())
    for (const slot of slots) if (slot.partNumber?.trim()) partNumbers.add(slot.partNumber.trim());
  const components = await findComponents(tx, companyId, [...partNumbers]);
  const stock = new Map<string, ComponentStock>(components.map((c) => [c.partNumber, c]));
  const scheduled = new Set(schedule);

  return rows.map((row) => {
    const product = row.productId ? products.get(row.productId) : undefined;
    const parts = deriveParts({
      workOrderId: row.id,
      quantityRequired: row.quantityRequired,
      slots: (row.productId && slotsByProduct.get(row.productId)) || [],
      stock,
      procurement: row.partsProcurementStatus ?? [],
    });
    const status = toJobStatus(row.status);
    const isComplete = status === 'complete';
    const deadline = jobDeadline(row.dueDate, row.createdAt);
    return {
      id: row.id,
      title: titleOf(row),
      type: 'work_order',
      status,
      deadline,
      isOverdue: isOverdue(deadline, today, isComplete),
      parts,
      comments: row.notes,
      isComplete,
      issued: row.issued,
      issuedAt: row.issuedAt ? row.issuedAt.toISOString() : null,
      issuedBy: row.issuedBy ? { id: row.issuedBy, name: row.issuedByName } : null,
      sopDocuments: product?.sopDocuments ?? [],
      photos: product?.photos ?? [],
      productId: row.productId,
      workOrderNumber: row.workOrderNumber,
      quantityRequired: row.quantityRequired,
      list: jobListOf(isComplete, parts),
      isNew: !scheduled.has(row.id),
    } satisfies Job;
  });
}

const today = () => isoDate(new Date());

/**
 * The part counts of work orders by the shared rules (`summarizeParts`) over the named slots of
 * their BOM products and the stock on hand, read in one narrow statement (ADR 0023).
 */
async function partCountsOf(
  tx: Tx,
  companyId: string,
  rows: readonly BoardWorkOrderRow[],
): Promise<(row: BoardWorkOrderRow) => PartCounts> {
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id): id is string => id !== null))];
  const slotsByProduct = new Map<string, ComponentSlot[]>();
  const stock = new Map<string, { quantityOnHand: number }>();
  for (const slot of await findProductSlots(tx, companyId, productIds)) {
    let slots = slotsByProduct.get(slot.productId);
    if (!slots) {
      slots = [];
      slotsByProduct.set(slot.productId, slots);
    }
    slots.push({ index: slot.index, partNumber: slot.partNumber, quantity: slot.quantity });
    if (slot.quantityOnHand !== null)
      stock.set(slot.partNumber.trim(), { quantityOnHand: slot.quantityOnHand });
  }
  const none: ComponentSlot[] = [];
  return (row) =>
    summarizeParts({
      workOrderId: row.id,
      quantityRequired: row.quantityRequired,
      slots: (row.productId && slotsByProduct.get(row.productId)) || none,
      stock,
      procurement: row.partsProcurementStatus ?? [],
    });
}

/**
 * Recomputes the stored board list (ADR 0024) of the work orders in `scope` with the shared rules
 * (`summarizeParts`, `jobListOfCounts`) and stores the ones that changed in one statement. Called by
 * every change that can move a job, by the board read for rows never computed, and by the seeds.
 */
export async function refreshJobLists(tx: Tx, companyId: string, scope: ListScope): Promise<number> {
  let rows = await findListInputs(tx, companyId, scope);
  if (scope.kind === 'stale' && rows.length > 0) {
    // A board read that finds rows never computed writes them like any change: under the company's
    // workshop lock, from rows read again once it holds it.
    await lockCompanyWorkshop(tx, companyId);
    rows = await findListInputs(tx, companyId, scope);
  }
  if (rows.length === 0) return 0;
  const countsOf = await partCountsOf(tx, companyId, rows);
  const changes: Array<{ id: string; list: JobList }> = [];
  for (const row of rows) {
    const list = jobListOfCounts(row.status === 'completed', countsOf(row));
    if (list !== row.boardList) changes.push({ id: row.id, list });
  }
  await setBoardLists(tx, companyId, changes);
  return changes.length;
}

/** Job summaries of board rows; the list is the stored one, which every change keeps current. */
async function buildSummaries(
  tx: Tx,
  companyId: string,
  rows: readonly BoardWorkOrderRow[],
  schedule: readonly string[],
  today: string,
): Promise<JobSummary[]> {
  const countsOf = await partCountsOf(tx, companyId, rows);
  const scheduled = new Set(schedule);
  return rows.map((row) => {
    const partCounts = countsOf(row);
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

/** Where a page of one list comes from: its scheduled jobs first (in schedule order), then new ones. */
interface PagePlan {
  /** The scheduled ids on this page. */
  scheduledIds: string[];
  /** The slice of new jobs, when the page reaches past the scheduled ones. */
  fresh: Extract<BoardSlice, { kind: 'new' }> | null;
}

function planPage(
  list: PagedJobList,
  scheduledInList: string[],
  schedule: readonly string[],
  offset: number,
  limit: number,
): PagePlan {
  const scheduledIds = scheduledInList.slice(offset, offset + limit);
  const rest = limit - scheduledIds.length;
  return {
    scheduledIds,
    fresh:
      rest > 0
        ? {
            kind: 'new',
            list,
            // Every scheduled job, whatever list it was on: new jobs are the unscheduled ones, and a
            // job that moved lists since the schedule was read must not come back as new.
            exclude: schedule,
            limit: rest,
            offset: Math.max(0, offset - scheduledInList.length),
          }
        : null,
  };
}

/**
 * Pages of the board in one round: the schedule's open jobs by list (primary-key lookups), the
 * per-list counts (index only), the pages' rows (`union all`), and their slots with stock. Rows whose
 * list was never computed are computed first (normally an empty index probe).
 */
async function readPages(
  tx: Tx,
  companyId: string,
  pages: ReadonlyArray<{ list: PagedJobList; offset: number; limit: number }>,
  withComplete: boolean,
  day: string,
) {
  await refreshJobLists(tx, companyId, { kind: 'stale' });
  const schedule = await findSchedule(tx, companyId);
  const scheduledOpen = await findScheduledOpenJobs(tx, companyId, schedule);
  const counts = await countOpenJobsByList(tx, companyId);
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
 * The Operations screen's board (ADR 0024): the first page of Orders and Stock in board order, the
 * 50 most recent completed jobs, and each list's total. The cost grows with the page size and the
 * schedule (at most 5,000 ids), not with the number of open work orders, apart from the index-only
 * counts.
 */
export async function getJobBoard(db: Db, principal: Principal, limit: number): Promise<JobBoardResponse> {
  const day = today();
  return inTenant(db, principal, async (tx) => {
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
  });
}

/** One more page of Orders or Stock ("Load more"), in the same order as the board's first page. */
export async function getJobPage(
  db: Db,
  principal: Principal,
  query: { list: PagedJobList; offset: number; limit: number },
): Promise<JobPageResponse> {
  const day = today();
  return inTenant(db, principal, async (tx) => {
    const { pages } = await readPages(tx, principal.companyId, [query], false, day);
    return { ...(pages[0] as JobListPage), list: query.list, offset: query.offset, today: day };
  });
}

/** The parts-ordering view: open jobs with parts still to order or receive, most urgent first. */
export async function getPartsOrders(db: Db, principal: Principal): Promise<PartsOrdersResponse> {
  const day = today();
  return inTenant(db, principal, async (tx) => {
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

async function loadJob(tx: Tx, principal: Principal, id: string): Promise<Job> {
  const row = await findWorkOrder(tx, principal.companyId, id);
  if (!row) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
  const schedule = await findSchedule(tx, principal.companyId);
  const [job] = await buildJobs(tx, principal.companyId, [row], schedule, today());
  return job as Job;
}

/** One full job (parts, notes, SOP documents, photos, issuer) for the job details dialog. */
export async function getJob(db: Db, principal: Principal, jobId: string): Promise<Job> {
  assertJobId(jobId);
  return inTenant(db, principal, (tx) => loadJob(tx, principal, jobId));
}

/** The locked work order's part at `index`, with its entry (a fresh one when never ordered). */
async function lockPart(tx: Tx, principal: Principal, jobId: string, index: number) {
  const locked = await lockWorkOrder(tx, principal.companyId, jobId);
  if (!locked) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
  if (locked.status === 'completed') throw errors.conflict(WORKSHOP_MESSAGES.jobComplete);
  const job = await loadJob(tx, principal, jobId);
  const part = job.parts.find((p) => p.index === index);
  if (!part) throw errors.notFound(WORKSHOP_MESSAGES.partNotFound);
  const partId = partIdOf(jobId, index);
  const entries = locked.partsProcurementStatus ?? [];
  const entry = entries.find((e) => e.partId === partId) ?? emptyProcurementEntry(partId);
  const withEntry = (next: PartProcurementEntry) => [...entries.filter((e) => e.partId !== partId), next];
  return { part, entry, withEntry };
}

/** Marks a part ordered with a quantity (or changes the quantity of an order). */
export async function orderPart(
  db: Db,
  principal: Principal,
  jobId: string,
  index: number,
  quantity: number,
): Promise<Job> {
  assertJobId(jobId);
  return inTenant(db, principal, async (tx) => {
    const { part, entry, withEntry } = await lockPart(tx, principal, jobId, index);
    // A part the component database does not know could never be received (its stock cannot be
    // updated), so the job would wait in Orders for ever: refuse the order instead.
    if (!part.known)
      throw errors.validation(
        { quantity: WORKSHOP_MESSAGES.orderUnknownComponent },
        WORKSHOP_MESSAGES.orderUnknownComponent,
      );
    const ordered = roundQuantity(quantity);
    if (ordered < entry.quantityReceived)
      throw errors.validation(
        { quantity: WORKSHOP_MESSAGES.orderBelowReceived(entry.quantityReceived) },
        WORKSHOP_MESSAGES.orderBelowReceived(entry.quantityReceived),
      );
    const next = settleProcurementEntry({ ...entry, quantityOrdered: ordered });
    await updateWorkOrder(tx, principal.companyId, jobId, { partsProcurementStatus: withEntry(next) });
    await refreshJobLists(tx, principal.companyId, { kind: 'ids', ids: [jobId] });
    return loadJob(tx, principal, jobId);
  });
}

/**
 * Receives a full or partial delivery: the entry and the stock on hand change in one transaction,
 * under a row lock on the work order, and never beyond the ordered quantity.
 */
export async function receivePart(
  db: Db,
  principal: Principal,
  jobId: string,
  index: number,
  quantity: number,
): Promise<Job> {
  assertJobId(jobId);
  return inTenant(db, principal, async (tx) => {
    const { part, entry, withEntry } = await lockPart(tx, principal, jobId, index);
    if (!entry.isOrdered)
      throw errors.validation(
        { quantity: WORKSHOP_MESSAGES.receiveNotOrdered },
        WORKSHOP_MESSAGES.receiveNotOrdered,
      );
    const delivered = roundQuantity(quantity);
    const balance = roundQuantity(entry.quantityOrdered - entry.quantityReceived);
    if (delivered > balance) {
      const message = WORKSHOP_MESSAGES.receiveExceedsOrdered(balance, entry.quantityOrdered);
      throw errors.validation({ quantity: message }, message);
    }
    if (!part.known)
      throw errors.validation(
        { quantity: WORKSHOP_MESSAGES.componentMissing },
        WORKSHOP_MESSAGES.componentMissing,
      );
    const next = settleProcurementEntry({ ...entry, quantityReceived: entry.quantityReceived + delivered });
    await updateWorkOrder(tx, principal.companyId, jobId, { partsProcurementStatus: withEntry(next) });
    await addStock(tx, principal.companyId, part.partNumber, delivered);
    await refreshJobLists(tx, principal.companyId, { kind: 'ids', ids: [jobId] });
    // More stock can move every other job waiting for this part from Orders to Stock.
    await refreshJobLists(tx, principal.companyId, {
      kind: 'orders-naming-part',
      partNumber: part.partNumber,
    });
    return loadJob(tx, principal, jobId);
  });
}

/** Issues a job to the workshop floor once every part is in stock or received. */
export async function issueJob(db: Db, principal: Principal, jobId: string): Promise<Job> {
  assertJobId(jobId);
  return inTenant(db, principal, async (tx) => {
    const locked = await lockWorkOrder(tx, principal.companyId, jobId);
    if (!locked) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
    const job = await loadJob(tx, principal, jobId);
    if (job.isComplete) throw errors.conflict(WORKSHOP_MESSAGES.jobComplete);
    if (job.issued) throw errors.conflict(WORKSHOP_MESSAGES.alreadyIssued);
    if (!job.parts.every(isPartSatisfied)) throw errors.conflict(WORKSHOP_MESSAGES.partsOutstanding);
    await updateWorkOrder(tx, principal.companyId, jobId, {
      issued: true,
      issuedAt: new Date(),
      issuedBy: principal.user.id,
    });
    // Issuing keeps the job in Stock today; refreshing keeps that a rule of job-rules, not of this code.
    await refreshJobLists(tx, principal.companyId, { kind: 'ids', ids: [jobId] });
    return loadJob(tx, principal, jobId);
  });
}

/** Changes the status (complete maps to completed) and/or the notes of a job. */
export async function updateJob(
  db: Db,
  principal: Principal,
  jobId: string,
  patch: UpdateJobRequest,
): Promise<Job> {
  assertJobId(jobId);
  return inTenant(db, principal, async (tx) => {
    const locked = await lockWorkOrder(tx, principal.companyId, jobId);
    if (!locked) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
    const notes = patch.notes === undefined ? undefined : patch.notes?.trim() || null;
    await updateWorkOrder(tx, principal.companyId, jobId, {
      ...(patch.status ? { status: toDbStatus({ status: patch.status }) } : {}),
      ...(notes !== undefined ? { notes } : {}),
    });
    if (patch.status) await refreshJobLists(tx, principal.companyId, { kind: 'ids', ids: [jobId] });
    return loadJob(tx, principal, jobId);
  });
}

/** Replaces the schedule; ids that are not open jobs of the company are dropped, duplicates too. */
export async function saveSchedule(db: Db, principal: Principal, order: string[]): Promise<string[]> {
  return inTenant(db, principal, async (tx) => {
    const unique = [...new Set(order)];
    const open = await openWorkOrderIds(tx, principal.companyId, unique);
    const kept = unique.filter((id) => open.has(id));
    await saveScheduleRow(tx, principal.companyId, kept, principal.user.id);
    return kept;
  });
}

/** Marks a job scheduled: it joins the end of the schedule and is no longer new. */
export async function markScheduled(db: Db, principal: Principal, jobId: string): Promise<string[]> {
  return inTenant(db, principal, async (tx) => {
    // Read, change and write under the company's workshop lock, so that no concurrent append is
    // lost; jobs closed since they were scheduled are dropped, so the schedule stays bounded.
    await lockCompanyWorkshop(tx, principal.companyId);
    const schedule = await findSchedule(tx, principal.companyId);
    const open = await openWorkOrderIds(tx, principal.companyId, [...new Set([...schedule, jobId])]);
    if (!open.has(jobId)) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
    const kept = schedule.filter((id) => open.has(id));
    if (!kept.includes(jobId)) kept.push(jobId);
    if (kept.length > SCHEDULE_LIMIT) throw errors.conflict(WORKSHOP_MESSAGES.scheduleTooLong);
    await saveScheduleRow(tx, principal.companyId, kept, principal.user.id);
    return kept;
  });
}

/** Reset: the custom order is cleared and every job is new again. */
export async function resetSchedule(db: Db, principal: Principal): Promise<string[]> {
  return inTenant(db, principal, async (tx) => {
    await saveScheduleRow(tx, principal.companyId, [], principal.user.id);
    return [];
  });
}
