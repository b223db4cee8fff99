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
  jobDeadline,
  jobListOf,
  jobListOfCounts,
  orderJobs,
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
  type JobSummary,
  type PartsOrdersResponse,
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
  appendToSchedule,
  type BoardWorkOrderRow,
  type BomProductRow,
  findBomProducts,
  findComponents,
  findProductSlots,
  findSchedule,
  findWorkOrder,
  listBoardWorkOrders,
  listOpenWorkOrders,
  lockWorkOrder,
  openWorkOrderIds,
  saveSchedule as saveScheduleRow,
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
 * Job summaries of the given work orders (ADR 0023): the part counts and the list come from the
 * shared rules (`summarizeParts`, `jobListOfCounts`) over the named slots of their BOM products and
 * the stock on hand, read in one narrow statement; no part, document or photo is built.
 */
async function buildSummaries(
  tx: Tx,
  companyId: string,
  rows: BoardWorkOrderRow[],
  schedule: readonly string[],
  today: string,
): Promise<JobSummary[]> {
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
  const scheduled = new Set(schedule);
  const none: ComponentSlot[] = [];
  return rows.map((row) => {
    const partCounts = summarizeParts({
      workOrderId: row.id,
      quantityRequired: row.quantityRequired,
      slots: (row.productId && slotsByProduct.get(row.productId)) || none,
      stock,
      procurement: row.partsProcurementStatus ?? [],
    });
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
      list: jobListOfCounts(isComplete, partCounts),
      isNew: !scheduled.has(row.id),
      partCounts,
    } satisfies JobSummary;
  });
}

/**
 * The Orders, Stock and Complete lists of the Operations screen, each in schedule order, as job
 * summaries: four statements (tenant set-up, schedule, work orders, product slots with stock).
 */
export async function getJobBoard(db: Db, principal: Principal): Promise<JobBoardResponse> {
  const day = today();
  return inTenant(db, principal, async (tx) => {
    const companyId = principal.companyId;
    const schedule = await findSchedule(tx, companyId);
    const rows = await listBoardWorkOrders(tx, companyId, COMPLETE_LIST_LIMIT);
    const jobs = await buildSummaries(tx, companyId, rows, schedule, day);
    const orders: JobSummary[] = [];
    const stock: JobSummary[] = [];
    const complete: { job: JobSummary; createdAt: number }[] = [];
    const openIds = new Set<string>();
    jobs.forEach((job, i) => {
      if (job.list === 'complete') {
        complete.push({ job, createdAt: Date.parse((rows[i] as BoardWorkOrderRow).createdAt) });
        return;
      }
      openIds.add(job.id);
      (job.list === 'orders' ? orders : stock).push(job);
    });
    return {
      orders: orderJobs(orders, schedule),
      stock: orderJobs(stock, schedule),
      // Most recently created first, as before (the statement's rows come in no set order).
      complete: complete.sort((a, b) => b.createdAt - a.createdAt).map((c) => c.job),
      schedule: schedule.filter((id) => openIds.has(id)),
      today: day,
    };
  });
}

/** The parts-ordering view: open jobs with parts still to order or receive, most urgent first. */
export async function getPartsOrders(db: Db, principal: Principal): Promise<PartsOrdersResponse> {
  const day = today();
  return inTenant(db, principal, async (tx) => {
    const rows = await listOpenWorkOrders(tx, principal.companyId);
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
    const { entry, withEntry } = await lockPart(tx, principal, jobId, index);
    const ordered = roundQuantity(quantity);
    if (ordered < entry.quantityReceived)
      throw errors.validation(
        { quantity: WORKSHOP_MESSAGES.orderBelowReceived(entry.quantityReceived) },
        WORKSHOP_MESSAGES.orderBelowReceived(entry.quantityReceived),
      );
    const next = settleProcurementEntry({ ...entry, quantityOrdered: ordered });
    await updateWorkOrder(tx, principal.companyId, jobId, { partsProcurementStatus: withEntry(next) });
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
    const open = await openWorkOrderIds(tx, principal.companyId, [jobId]);
    if (!open.has(jobId)) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
    return appendToSchedule(tx, principal.companyId, jobId, principal.user.id);
  });
}

/** Reset: the custom order is cleared and every job is new again. */
export async function resetSchedule(db: Db, principal: Principal): Promise<string[]> {
  return inTenant(db, principal, async (tx) => {
    await saveScheduleRow(tx, principal.companyId, [], principal.user.id);
    return [];
  });
}
