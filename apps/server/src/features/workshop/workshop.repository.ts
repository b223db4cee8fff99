/** Workshop reads and writes. Every query filters by company as well as RLS does (two walls). */
import { COMPONENT_SLOT_COUNT } from '@hr/shared/workshop/job-rules';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { profiles } from '../../db/schema/core.ts';
import {
  bomProducts,
  componentDatabase,
  type PartProcurementEntry,
  workOrders,
  workshopJobSchedules,
} from '../../db/schema/workshop.ts';

const workOrderColumns = {
  id: workOrders.id,
  productId: workOrders.productId,
  productCode: workOrders.productCode,
  productName: workOrders.productName,
  status: workOrders.status,
  dueDate: workOrders.dueDate,
  notes: workOrders.notes,
  quantityRequired: workOrders.quantityRequired,
  workOrderNumber: workOrders.workOrderNumber,
  partsProcurementStatus: workOrders.partsProcurementStatus,
  issued: workOrders.issued,
  issuedAt: workOrders.issuedAt,
  issuedBy: workOrders.issuedBy,
  issuedByName: profiles.fullName,
  createdAt: workOrders.createdAt,
};

export type WorkOrderRow = {
  id: string;
  productId: string | null;
  productCode: string;
  productName: string;
  status: string;
  dueDate: string | null;
  notes: string | null;
  quantityRequired: number;
  workOrderNumber: string;
  partsProcurementStatus: PartProcurementEntry[];
  issued: boolean;
  issuedAt: Date | null;
  issuedBy: string | null;
  issuedByName: string | null;
  createdAt: Date;
};

function selectWorkOrders(tx: Tx) {
  return tx
    .select(workOrderColumns)
    .from(workOrders)
    .leftJoin(profiles, eq(profiles.id, workOrders.issuedBy))
    .$dynamic();
}

/** Open work orders (every status but completed), newest first: spec section 7. */
export function listOpenWorkOrders(tx: Tx, companyId: string): Promise<WorkOrderRow[]> {
  return selectWorkOrders(tx)
    .where(and(eq(workOrders.companyId, companyId), ne(workOrders.status, 'completed')))
    .orderBy(desc(workOrders.createdAt));
}

export async function findWorkOrder(tx: Tx, companyId: string, id: string): Promise<WorkOrderRow | null> {
  const [row] = await selectWorkOrders(tx).where(
    and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)),
  );
  return row ?? null;
}

export type BoardWorkOrderRow = Omit<WorkOrderRow, 'issuedAt' | 'issuedBy' | 'issuedByName' | 'createdAt'> & {
  /** As PostgreSQL writes a timestamptz; parsed only where it is needed (deadline fallback, ordering). */
  createdAt: string;
};

const boardColumns = sql`id, product_id as "productId", product_code as "productCode", product_name as "productName",
  status, due_date::text as "dueDate", notes, quantity_required as "quantityRequired",
  work_order_number as "workOrderNumber", parts_procurement_status as "partsProcurementStatus", issued,
  created_at::text as "createdAt"`;

/**
 * The job board's work orders in one statement: every open one (spec section 7) and the `limit`
 * most recently created completed ones, as plain driver rows (no per-field mapping for 2,000 rows).
 * Rows come in no particular order; the service orders them.
 */
export async function listBoardWorkOrders(
  tx: Tx,
  companyId: string,
  limit: number,
): Promise<BoardWorkOrderRow[]> {
  return rowsOf<BoardWorkOrderRow>(
    await tx.execute(sql`
      (select ${boardColumns} from ${workOrders} where company_id = ${companyId} and status <> 'completed')
      union all
      (select ${boardColumns} from ${workOrders} where company_id = ${companyId} and status = 'completed'
        order by created_at desc limit ${limit})`),
  );
}

/** One named component slot of a BOM product, with the stock on hand of its component (null: unknown). */
export interface ProductSlotRow {
  productId: string;
  index: number;
  partNumber: string;
  quantity: number | null;
  quantityOnHand: number | null;
}

const slotValues: SQL = sql.join(
  Array.from({ length: COMPONENT_SLOT_COUNT }, (_, i) => {
    const n = i + 1;
    return sql`(${sql.raw(String(n))}, b.${sql.identifier(`c${n}`)}, b.${sql.identifier(`q${n}`)})`;
  }),
  sql`, `,
);

/**
 * The slots of the given BOM products that name a component, each with that component's quantity on
 * hand: the only inputs of the part counts besides the work order (one statement, narrow rows).
 * Blank part numbers and quantities are left to the shared rules; the join matches the trimmed
 * part number, as `deriveParts` looks it up. The ids (uuids read from work orders) go as one array.
 */
export async function findProductSlots(
  tx: Tx,
  companyId: string,
  productIds: string[],
): Promise<ProductSlotRow[]> {
  if (productIds.length === 0) return [];
  const rows = rowsOf<{
    product_id: string;
    slot: number;
    part_number: string;
    quantity: string | number | null;
    on_hand: string | number | null;
  }>(
    await tx.execute(sql`
      select b.id as product_id, s.slot, s.part_number, s.quantity, c.quantity_on_hand as on_hand
      from ${bomProducts} b
      cross join lateral (values ${slotValues}) as s(slot, part_number, quantity)
      left join ${componentDatabase} c
        on c.company_id = b.company_id and c.part_number = btrim(s.part_number)
      where b.company_id = ${companyId}
        and b.id = any(${`{${productIds.join(',')}}`}::uuid[])
        and s.part_number is not null`),
  );
  return rows.map((r) => ({
    productId: r.product_id,
    index: Number(r.slot),
    partNumber: r.part_number,
    quantity: r.quantity === null ? null : Number(r.quantity),
    quantityOnHand: r.on_hand === null ? null : Number(r.on_hand),
  }));
}

/**
 * Locks the work order row until the transaction ends, so two deliveries of the same part are
 * counted one after the other (the second sees the first's quantity).
 */
export async function lockWorkOrder(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<{ id: string; status: string; partsProcurementStatus: PartProcurementEntry[] } | null> {
  const [row] = await tx
    .select({
      id: workOrders.id,
      status: workOrders.status,
      partsProcurementStatus: workOrders.partsProcurementStatus,
    })
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateWorkOrder(
  tx: Tx,
  companyId: string,
  id: string,
  patch: Partial<{
    status: 'pending' | 'in_progress' | 'completed';
    notes: string | null;
    partsProcurementStatus: PartProcurementEntry[];
    issued: boolean;
    issuedAt: Date;
    issuedBy: string;
  }>,
): Promise<void> {
  await tx
    .update(workOrders)
    .set(patch)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)));
}

export type BomProductRow = typeof bomProducts.$inferSelect;

export function findBomProducts(tx: Tx, companyId: string, ids: string[]): Promise<BomProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(bomProducts)
    .where(and(eq(bomProducts.companyId, companyId), inArray(bomProducts.id, ids)));
}

export function findComponents(tx: Tx, companyId: string, partNumbers: string[]) {
  if (partNumbers.length === 0) return Promise.resolve([]);
  return tx
    .select({
      partNumber: componentDatabase.partNumber,
      component: componentDatabase.component,
      quantityOnHand: componentDatabase.quantityOnHand,
      vendor: componentDatabase.vendor,
    })
    .from(componentDatabase)
    .where(
      and(eq(componentDatabase.companyId, companyId), inArray(componentDatabase.partNumber, partNumbers)),
    );
}

/** Adds a delivery to the stock on hand in one statement; false when the component does not exist. */
export async function addStock(
  tx: Tx,
  companyId: string,
  partNumber: string,
  quantity: number,
): Promise<boolean> {
  const rows = await tx
    .update(componentDatabase)
    .set({ quantityOnHand: sql`${componentDatabase.quantityOnHand} + ${quantity}` })
    .where(and(eq(componentDatabase.companyId, companyId), eq(componentDatabase.partNumber, partNumber)))
    .returning({ id: componentDatabase.id });
  return rows.length > 0;
}

export async function findSchedule(tx: Tx, companyId: string): Promise<string[]> {
  const [row] = await tx
    .select({ jobOrder: workshopJobSchedules.jobOrder })
    .from(workshopJobSchedules)
    .where(eq(workshopJobSchedules.companyId, companyId));
  return row?.jobOrder ?? [];
}

export async function saveSchedule(
  tx: Tx,
  companyId: string,
  order: string[],
  userId: string,
): Promise<void> {
  await tx
    .insert(workshopJobSchedules)
    .values({ companyId, jobOrder: order, updatedBy: userId })
    .onConflictDoUpdate({
      target: workshopJobSchedules.companyId,
      set: { jobOrder: order, updatedBy: userId, updatedAt: new Date() },
    });
}

/** Appends one job to the schedule in one statement, unless it is already there. */
export async function appendToSchedule(
  tx: Tx,
  companyId: string,
  jobId: string,
  userId: string,
): Promise<string[]> {
  const [row] = await tx
    .insert(workshopJobSchedules)
    .values({ companyId, jobOrder: [jobId], updatedBy: userId })
    .onConflictDoUpdate({
      target: workshopJobSchedules.companyId,
      set: {
        jobOrder: sql`case when ${workshopJobSchedules.jobOrder} @> jsonb_build_array(${jobId}::text) then ${workshopJobSchedules.jobOrder} else ${workshopJobSchedules.jobOrder} || jsonb_build_array(${jobId}::text) end`,
        updatedBy: userId,
        updatedAt: new Date(),
      },
    })
    .returning({ jobOrder: workshopJobSchedules.jobOrder });
  return row?.jobOrder ?? [jobId];
}

/** Which of `ids` are open work orders of the company. */
export async function openWorkOrderIds(tx: Tx, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.companyId, companyId),
        inArray(workOrders.id, ids),
        ne(workOrders.status, 'completed'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
