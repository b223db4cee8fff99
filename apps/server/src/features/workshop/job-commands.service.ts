/**
 * Job commands: order and receive parts, issue, change status or notes, and the schedule. Each runs
 * in one transaction under the work order's (or the company workshop's) lock and refreshes the board
 * lists of the jobs it can move (ADR 0024).
 */
import {
  emptyProcurementEntry,
  isPartSatisfied,
  type ProcurementEntry,
  partIdOf,
  roundQuantity,
  settleProcurementEntry,
  toDbStatus,
} from '@hr/shared/workshop/job-rules';
import { type Job, SCHEDULE_LIMIT, type UpdateJobRequest } from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { refreshJobLists } from './job-lists.service.ts';
import { loadJob } from './jobs.service.ts';
import {
  addStock,
  findSchedule,
  lockCompanyWorkshop,
  lockWorkOrder,
  openWorkOrderIds,
  saveSchedule as saveScheduleRow,
  updateWorkOrder,
} from './workshop.repository.ts';

/** A quantity the order or delivery cannot take: 400 on the quantity field. */
const quantityRefused = (message: string) => errors.validation({ quantity: message }, message);

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
  const withEntry = (next: ProcurementEntry) => [...entries.filter((e) => e.partId !== partId), next];
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
  return withTenant(db, tenantOf(principal), async (tx) => {
    const { part, entry, withEntry } = await lockPart(tx, principal, jobId, index);
    // A part the component database does not know could never be received (its stock cannot be
    // updated), so the job would wait in Orders for ever: refuse the order instead.
    if (!part.known) throw quantityRefused(WORKSHOP_MESSAGES.orderUnknownComponent);
    const ordered = roundQuantity(quantity);
    if (ordered < entry.quantityReceived)
      throw quantityRefused(WORKSHOP_MESSAGES.orderBelowReceived(entry.quantityReceived));
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
  return withTenant(db, tenantOf(principal), async (tx) => {
    const { part, entry, withEntry } = await lockPart(tx, principal, jobId, index);
    if (!entry.isOrdered) throw quantityRefused(WORKSHOP_MESSAGES.receiveNotOrdered);
    const delivered = roundQuantity(quantity);
    const balance = roundQuantity(entry.quantityOrdered - entry.quantityReceived);
    if (delivered > balance) {
      const message = WORKSHOP_MESSAGES.receiveExceedsOrdered(balance, entry.quantityOrdered);
      throw quantityRefused(message);
    }
    if (!part.known) throw quantityRefused(WORKSHOP_MESSAGES.componentMissing);
    const next = settleProcurementEntry({ ...entry, quantityReceived: entry.quantityReceived + delivered });
    await updateWorkOrder(tx, principal.companyId, jobId, { partsProcurementStatus: withEntry(next) });
    await addStock(tx, principal.companyId, part.partNumber, delivered);
    await refreshJobLists(tx, principal.companyId, { kind: 'ids', ids: [jobId] });
    // More stock changes the counts of every other job waiting for this part, and can move it from
    // Orders to Stock (ADR 0160).
    await refreshJobLists(tx, principal.companyId, {
      kind: 'waiting-on-part',
      partNumber: part.partNumber,
    });
    return loadJob(tx, principal, jobId);
  });
}

/** Issues a job to the workshop floor once every part is in stock or received. */
export async function issueJob(db: Db, principal: Principal, jobId: string): Promise<Job> {
  return withTenant(db, tenantOf(principal), async (tx) => {
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
  return withTenant(db, tenantOf(principal), async (tx) => {
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
  return withTenant(db, tenantOf(principal), async (tx) => {
    const unique = [...new Set(order)];
    const open = await openWorkOrderIds(tx, principal.companyId, unique);
    const kept = unique.filter((id) => open.has(id));
    await saveScheduleRow(tx, principal.companyId, kept, principal.user.id);
    return kept;
  });
}

/** Marks a job scheduled: it joins the end of the schedule and is no longer new. */
export async function markScheduled(db: Db, principal: Principal, jobId: string): Promise<string[]> {
  return withTenant(db, tenantOf(principal), async (tx) => {
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
  return withTenant(db, tenantOf(principal), async (tx) => {
    await saveScheduleRow(tx, principal.companyId, [], principal.user.id);
    return [];
  });
}
