/**
 * The stored board list of each work order (ADR 0024): recomputed by the shared rules whenever a
 * change can move a job, so board reads only read it.
 */
import {
  type ComponentSlot,
  type JobList,
  jobListOfCounts,
  type PartCounts,
  summarizeParts,
} from '@hr/shared/workshop/job-rules';
import type { Tx } from '../../db/client.ts';
import {
  type BoardWorkOrderRow,
  findListInputs,
  findProductSlots,
  type ListScope,
  lockCompanyWorkshop,
  setBoardLists,
} from './workshop.repository.ts';

/**
 * The part counts of work orders by the shared rules (`summarizeParts`) over the named slots of
 * their BOM products and the stock on hand, read in one narrow statement (ADR 0023).
 */
export async function partCountsOf(
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

/** A row's stored part counts (ADR 0160), or null while its list has not been computed. */
export function storedPartCounts(row: BoardWorkOrderRow): PartCounts | null {
  const { boardPartsTotal: total, boardPartsReady: ready } = row;
  const { boardPartsToOrder: toOrder, boardPartsAwaiting: awaiting } = row;
  if (total === null || ready === null || toOrder === null || awaiting === null) return null;
  return { total, ready, toOrder, awaiting };
}

function sameCounts(a: PartCounts | null, b: PartCounts): boolean {
  return (
    a !== null &&
    a.total === b.total &&
    a.ready === b.ready &&
    a.toOrder === b.toOrder &&
    a.awaiting === b.awaiting
  );
}

/**
 * Recomputes the stored board list (ADR 0024) and part counts (ADR 0160) of the work orders in
 * `scope` with the shared rules (`summarizeParts`, `jobListOfCounts`) and stores the ones that changed
 * in one statement. Called by every change that can move a job or change its counts, by the board
 * read for rows never computed, and by the seeds.
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
  const changes: Array<{ id: string; list: JobList; counts: PartCounts }> = [];
  for (const row of rows) {
    const counts = countsOf(row);
    const list = jobListOfCounts(row.status === 'completed', counts);
    if (list !== row.boardList || !sameCounts(storedPartCounts(row), counts))
      changes.push({ id: row.id, list, counts });
  }
  await setBoardLists(tx, companyId, changes);
  return changes.length;
}
