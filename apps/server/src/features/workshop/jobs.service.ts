/**
 * Full jobs (ADR 0023): built here from work orders, their BOM products and the component stock in
 * one round of queries, by the shared job rules; never in the browser.
 */
import { isoDate } from '@hr/shared/working-days';
import {
  COMPONENT_SLOT_COUNT,
  type ComponentSlot,
  type ComponentStock,
  deriveParts,
  isOverdue,
  jobDeadline,
  jobListOf,
  toJobStatus,
} from '@hr/shared/workshop/job-rules';
import type { Job } from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import {
  type BomProductRow,
  findBomProducts,
  findComponents,
  findSchedule,
  findWorkOrder,
  type WorkOrderRow,
} from './workshop.repository.ts';

export const today = () => isoDate(new Date());

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

export const titleOf = (row: Pick<WorkOrderRow, 'productCode' | 'productName'>) =>
  `${row.productCode} - ${row.productName}`;

/**
 * Jobs of the given work orders: their BOM products by id, then only the components those name,
 * then everything else in memory. Two queries whatever the number of work orders (no N+1).
 */
export async function buildJobs(
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

/** One full job of the principal's company, or 404. */
export async function loadJob(tx: Tx, principal: Principal, id: string): Promise<Job> {
  const row = await findWorkOrder(tx, principal.companyId, id);
  if (!row) throw errors.notFound(WORKSHOP_MESSAGES.jobNotFound);
  const schedule = await findSchedule(tx, principal.companyId);
  const [job] = await buildJobs(tx, principal.companyId, [row], schedule, today());
  return job as Job;
}
