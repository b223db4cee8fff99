/** Workshop reads and writes. Every query filters by company as well as RLS does (two walls). */
import { COMPONENT_SLOT_COUNT, type JobList, type PartCounts } from '@hr/shared/workshop/job-rules';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { profiles } from '../../db/schema/core.ts';
import {
  bomProducts,
  componentDatabase,
  workOrders,
  workshopJobSchedules,
  workshopListCounts,
} from '../../db/schema/workshop.ts';
import type { ReadStatement } from '../../db/tenant-read.ts';

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

function selectWorkOrders(tx: Tx) {
  return tx
    .select(workOrderColumns)
    .from(workOrders)
    .leftJoin(profiles, eq(profiles.id, workOrders.issuedBy))
    .$dynamic();
}

/**
 * The company's open work orders (every status but completed: a completed order is no open job) stored in Orders
 * (ADR 0024): the jobs still waiting for parts, newest first.
 */
export function listWorkOrdersInOrders(tx: Tx, companyId: string) {
  return selectWorkOrders(tx)
    .where(
      and(
        eq(workOrders.companyId, companyId),
        ne(workOrders.status, 'completed'),
        eq(workOrders.boardList, 'orders'),
      ),
    )
    .orderBy(desc(workOrders.createdAt));
}

/** A work order as `workOrderColumns` reads it: Drizzle infers the row from the columns. */
export type WorkOrderRow = Awaited<ReturnType<typeof listWorkOrdersInOrders>>[number];

export async function findWorkOrder(tx: Tx, companyId: string, id: string): Promise<WorkOrderRow | null> {
  const [row] = await selectWorkOrders(tx).where(
    and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)),
  );
  return row ?? null;
}

export type BoardWorkOrderRow = Omit<WorkOrderRow, 'issuedAt' | 'issuedBy' | 'issuedByName' | 'createdAt'> & {
  /** As PostgreSQL writes a timestamptz; parsed only where it is needed (deadline fallback, ordering). */
  createdAt: string;
  /** The stored board list (ADR 0024); null until computed. */
  boardList: JobList | null;
  /** The stored part counts (ADR 0160), computed with the list; null until then. */
  boardPartsTotal: number | null;
  boardPartsReady: number | null;
  boardPartsToOrder: number | null;
  boardPartsAwaiting: number | null;
};

const boardColumns = sql`id, product_id as "productId", product_code as "productCode", product_name as "productName",
  status, due_date::text as "dueDate", notes, quantity_required as "quantityRequired",
  work_order_number as "workOrderNumber", parts_procurement_status as "partsProcurementStatus", issued,
  created_at::text as "createdAt", board_list as "boardList", board_parts_total as "boardPartsTotal",
  board_parts_ready as "boardPartsReady", board_parts_to_order as "boardPartsToOrder",
  board_parts_awaiting as "boardPartsAwaiting"`;

/** `boardColumns` read from the table under `alias`, for statements that join it. */
function boardColumnsOf(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.id, ${a}.product_id as "productId", ${a}.product_code as "productCode",
  ${a}.product_name as "productName", ${a}.status, ${a}.due_date::text as "dueDate", ${a}.notes,
  ${a}.quantity_required as "quantityRequired", ${a}.work_order_number as "workOrderNumber",
  ${a}.parts_procurement_status as "partsProcurementStatus", ${a}.issued, ${a}.created_at::text as "createdAt",
  ${a}.board_list as "boardList", ${a}.board_parts_total as "boardPartsTotal",
  ${a}.board_parts_ready as "boardPartsReady", ${a}.board_parts_to_order as "boardPartsToOrder",
  ${a}.board_parts_awaiting as "boardPartsAwaiting"`;
}

/** A uuid list as one array parameter (the ids come from the database or are checked uuids). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The board order of new (unscheduled) jobs: deadline, then work order number by length and character. */
const newJobOrder = sql`board_deadline, length(work_order_number), work_order_number collate "C"`;

/** One part of a board read: given work orders, a page of one list's new jobs, or the recent completed ones. */
export type BoardSlice =
  | { kind: 'ids'; ids: readonly string[] }
  | { kind: 'new'; list: 'orders' | 'stock'; exclude: readonly string[]; limit: number; offset: number }
  | { kind: 'complete'; limit: number };

/**
 * The job board's work orders in one statement (`union all` of the slices), as plain driver rows.
 * Each row carries its slice number and its position in that slice: new jobs come in board order
 * (served by `work_orders_board_idx`, reading only the page), completed ones newest first.
 */
export async function listBoardSlices(
  tx: Tx,
  companyId: string,
  slices: readonly BoardSlice[],
): Promise<Array<BoardWorkOrderRow & { slice: number; ord: number }>> {
  const parts = slices.map((slice, i) => {
    const inner =
      slice.kind === 'ids'
        ? sql`select ${boardColumns} from ${workOrders} where company_id = ${companyId} and id = any(${uuidArray(slice.ids)})`
        : slice.kind === 'new'
          ? sql`select ${boardColumns} from ${workOrders}
              where company_id = ${companyId} and board_list = ${slice.list}
                and id <> all(${uuidArray(slice.exclude)})
              order by ${newJobOrder} limit ${slice.limit} offset ${slice.offset}`
          : sql`select ${boardColumns} from ${workOrders} where company_id = ${companyId} and status = 'completed'
              order by created_at desc limit ${slice.limit}`;
    // row_number() over () numbers the rows as the limited subquery yields them: its order.
    return sql`(select s.*, ${sql.raw(String(i))} as slice, row_number() over () as ord from (${inner}) s)`;
  });
  if (parts.length === 0) return [];
  const rows = rowsOf<BoardWorkOrderRow & { slice: number; ord: number | string }>(
    await tx.execute(sql.join(parts, sql` union all `)),
  );
  return rows.map((r) => ({ ...r, slice: Number(r.slice), ord: Number(r.ord) }));
}

/** What the board needs before it reads its pages (`readBoardHead`). */
export interface BoardHead {
  /** Some work order of the company has no stored list yet (older rows, raw inserts). */
  stale: boolean;
  /** The company's schedule: job ids in order (empty without one). */
  schedule: string[];
  /** The scheduled ids that are open jobs, with their list, in schedule order. */
  scheduledOpen: Array<{ id: string; list: 'orders' | 'stock' }>;
  /** How many open jobs each list holds. */
  counts: Record<'orders' | 'stock', number>;
}

/**
 * In one statement (ADR 0120), what `findSchedule`, `findScheduledOpenJobs` and `countOpenJobsByList`
 * read, and whether any work order still lacks its list (an index probe of work_orders_board_stale_idx).
 * The counts are the two rows of `workshop_list_counts`, which triggers keep (ADR 0160); the
 * schedule's open jobs are at most its 5,000 primary-key lookups.
 */
export async function readBoardHead(tx: Tx, companyId: string): Promise<BoardHead> {
  const [row] = rowsOf<BoardHeadColumns>(
    await tx.execute(sql`
      with schedule as (
        select job_order from ${workshopJobSchedules} where company_id = ${companyId}
      )
      select
        exists (select 1 from ${workOrders} where company_id = ${companyId} and board_list is null) as stale,
        (select job_order from schedule) as schedule,
        (select json_agg(json_build_object('id', w.id, 'list', w.board_list) order by s.pos)
          from schedule, jsonb_array_elements_text(schedule.job_order) with ordinality as s(id, pos)
          join ${workOrders} w on w.company_id = ${companyId} and w.id = s.id::uuid
          where w.board_list in ('orders', 'stock')) as scheduled_open,
        (select json_object_agg(list, jobs) from ${workshopListCounts}
          where company_id = ${companyId}) as counts`),
  );
  return boardHeadOf(row);
}

/** The head's columns, as both board statements answer them (null: no such row). */
interface BoardHeadColumns {
  stale: boolean | null;
  schedule: string[] | null;
  scheduled_open: Array<{ id: string; list: 'orders' | 'stock' }> | null;
  counts: Partial<Record<'orders' | 'stock', number>> | null;
}

function boardHeadOf(row: BoardHeadColumns | undefined): BoardHead {
  const counts = row?.counts ?? {};
  return {
    stale: Boolean(row?.stale),
    schedule: row?.schedule ?? [],
    scheduledOpen: row?.scheduled_open ?? [],
    counts: { orders: Number(counts.orders ?? 0), stock: Number(counts.stock ?? 0) },
  };
}

/** The board's first pages in one statement (`readBoardFirstPages`): the head and each list's rows. */
export interface BoardFirstPages extends BoardHead {
  /** The first page of Orders and of Stock in board order, then the most recent completed jobs. */
  rows: Array<BoardWorkOrderRow & { list: 'orders' | 'stock' | 'complete' }>;
}

/**
 * What `readBoardHead` reads and the pages `listBoardSlices` would read for the first page of Orders
 * and of Stock (offset 0) and the recent completed jobs, in one statement, so that the board's first
 * read is one round trip (ADR 0150, 0160). Each list's page is its scheduled open jobs in schedule
 * order, then its new (unscheduled) jobs in board order, `limit` in all: `planPage` at offset 0, in
 * SQL. The rows come from one snapshot, so no job can show on two lists. When `stale` is true the
 * rows are not to be used: the caller computes the missing lists and reads again.
 */
export async function readBoardFirstPages(
  read: ReadStatement,
  companyId: string,
  limit: number,
  completeLimit: number,
): Promise<BoardFirstPages> {
  const page = (list: 'orders' | 'stock') => sql`(select * from (
      (select ${boardColumnsOf('w')}, 0 as grp, so.pos as ord
        from sched_open so join ${workOrders} w on w.company_id = ${companyId} and w.id = so.id
        where so.list = ${list} order by so.pos limit ${limit})
      union all
      (select f.*, 1 as grp, row_number() over () as ord from (
        select ${boardColumns} from ${workOrders}
        where company_id = ${companyId} and board_list = ${list} and id <> all(array(select id from sched))
        order by ${newJobOrder} limit ${limit}) f)
    ) p order by grp, ord limit ${limit})`;
  const rows = await read<
    BoardWorkOrderRow &
      BoardHeadColumns & { list: 'orders' | 'stock' | 'complete' | null; n: number | string | null }
  >(sql`
    with sched as materialized (
      select s.id::uuid as id, s.pos
      from ${workshopJobSchedules} ws, jsonb_array_elements_text(ws.job_order) with ordinality as s(id, pos)
      where ws.company_id = ${companyId}
    ),
    sched_open as materialized (
      select w.id, w.board_list as list, s.pos
      from sched s join ${workOrders} w on w.company_id = ${companyId} and w.id = s.id
      where w.board_list in ('orders', 'stock')
    ),
    pages as (
      select 'orders' as list, 0 as part, p.* from ${page('orders')} p
      union all
      select 'stock', 1, p.* from ${page('stock')} p
      union all
      select 'complete', 2, c.*, 0, row_number() over () from (
        select ${boardColumns} from ${workOrders} where company_id = ${companyId} and status = 'completed'
        order by created_at desc limit ${completeLimit}) c
    ),
    numbered as (
      select pages.*, row_number() over (order by part, grp, ord) as n from pages
    )
    select r.*,
      case when coalesce(r.n, 1) = 1 then
        exists (select 1 from ${workOrders} where company_id = ${companyId} and board_list is null) end as stale,
      case when coalesce(r.n, 1) = 1 then
        (select job_order from ${workshopJobSchedules} where company_id = ${companyId}) end as schedule,
      case when coalesce(r.n, 1) = 1 then
        (select json_agg(json_build_object('id', id, 'list', list) order by pos) from sched_open) end as scheduled_open,
      case when coalesce(r.n, 1) = 1 then (select json_object_agg(list, jobs) from ${workshopListCounts}
          where company_id = ${companyId}) end as counts
    from (select 1) one left join numbered r on true
    order by r.n`);
  return {
    ...boardHeadOf(rows[0]),
    // Each field named: one object literal a row, where an object rest leaving out the head's columns
    // was a runtime call each (docs/performance.md).
    rows: rows
      .filter((r): r is typeof r & { list: 'orders' | 'stock' | 'complete' } => r.list !== null)
      .map((r) => ({
        id: r.id,
        productId: r.productId,
        productCode: r.productCode,
        productName: r.productName,
        status: r.status,
        dueDate: r.dueDate,
        notes: r.notes,
        quantityRequired: r.quantityRequired,
        workOrderNumber: r.workOrderNumber,
        partsProcurementStatus: r.partsProcurementStatus,
        issued: r.issued,
        createdAt: r.createdAt,
        boardList: r.boardList,
        boardPartsTotal: r.boardPartsTotal,
        boardPartsReady: r.boardPartsReady,
        boardPartsToOrder: r.boardPartsToOrder,
        boardPartsAwaiting: r.boardPartsAwaiting,
        list: r.list,
      })),
  };
}

/** Which work orders need their list (re)computed. */
export type ListScope =
  | { kind: 'ids'; ids: readonly string[] }
  /** Rows whose list was never computed. */
  | { kind: 'stale' }
  /**
   * Jobs with a part not ready (every job in Orders, and completed ones finished short) whose BOM
   * product names the part: its stock just grew, which can change their counts and move open ones to
   * Stock. A job in Stock has every part ready already, and more stock keeps them so.
   */
  | { kind: 'waiting-on-part'; partNumber: string }
  | { kind: 'all' };

/** The inputs of a work order's list: the same narrow row the board reads. */
export async function findListInputs(
  tx: Tx,
  companyId: string,
  scope: ListScope,
): Promise<BoardWorkOrderRow[]> {
  if (scope.kind === 'ids' && scope.ids.length === 0) return [];
  const where =
    scope.kind === 'ids'
      ? sql`id = any(${uuidArray(scope.ids)})`
      : scope.kind === 'stale'
        ? sql`board_list is null`
        : scope.kind === 'all'
          ? sql`true`
          : sql`board_parts_ready < board_parts_total and product_id in (
              select b.id from ${bomProducts} b cross join lateral (values ${slotValues}) as s(slot, part_number, quantity)
              where b.company_id = ${companyId} and btrim(s.part_number) = ${scope.partNumber})`;
  return rowsOf<BoardWorkOrderRow>(
    await tx.execute(
      sql`select ${boardColumns} from ${workOrders} where company_id = ${companyId} and ${where}`,
    ),
  );
}

/** Stores the lists and part counts that changed, in one statement. */
export async function setBoardLists(
  tx: Tx,
  companyId: string,
  changes: ReadonlyArray<{ id: string; list: JobList; counts: PartCounts }>,
): Promise<void> {
  if (changes.length === 0) return;
  const ints = (pick: (c: PartCounts) => number) =>
    sql`${`{${changes.map((c) => Math.trunc(pick(c.counts))).join(',')}}`}::int[]`;
  await tx.execute(sql`
    update ${workOrders} w set board_list = v.list, board_parts_total = v.total,
      board_parts_ready = v.ready, board_parts_to_order = v.to_order, board_parts_awaiting = v.awaiting
    from unnest(${uuidArray(changes.map((c) => c.id))}, ${`{${changes.map((c) => c.list).join(',')}}`}::text[],
      ${ints((c) => c.total)}, ${ints((c) => c.ready)}, ${ints((c) => c.toOrder)}, ${ints((c) => c.awaiting)})
      as v(id, list, total, ready, to_order, awaiting)
    where w.company_id = ${companyId} and w.id = v.id`);
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
 * `slotValues` with each part number trimmed as a column of its own. The stock lookup compares the
 * component's part number with that column: compared with `btrim(...)` itself, a function PostgreSQL
 * does not mark leakproof, the condition could not reach the index under row-level security, and
 * every slot read the whole component table.
 */
const trimmedSlotValues: SQL = sql.join(
  Array.from({ length: COMPONENT_SLOT_COUNT }, (_, i) => {
    const column = sql.identifier(`c${i + 1}`);
    return sql`(${sql.raw(String(i + 1))}, b.${column}, b.${sql.identifier(`q${i + 1}`)}, btrim(b.${column}))`;
  }),
  sql`, `,
);

/**
 * The slots of the given BOM products that name a component, each with that component's quantity on
 * hand: the only inputs of the part counts besides the work order (one statement, narrow rows). The
 * stock is a lookup per slot (`component_database_company_part_key`): a join let the planner hash the
 * company's whole component list for a page's few hundred slots (ADR 0121).
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
      select b.id as product_id, s.slot, s.part_number, s.quantity,
        (select c.quantity_on_hand from ${componentDatabase} c
          where c.company_id = ${companyId} and c.part_number = s.part) as on_hand
      from ${bomProducts} b
      cross join lateral (values ${trimmedSlotValues}) as s(slot, part_number, quantity, part)
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
 * Serialises the company's workshop changes (ADR 0024): a receipt recomputes the lists of other jobs
 * from the stock it just added, so a change to one of those jobs must neither read the stock before
 * that receipt commits (its list would be stale) nor hold the job's row lock meanwhile (deadlock).
 * Taken first, before any row lock, and held to the end of the transaction.
 */
export async function lockCompanyWorkshop(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workshop:${companyId}`}))`);
}

/**
 * Locks the work order row until the transaction ends, after the company's workshop lock
 * (`lockCompanyWorkshop`), so two deliveries of the same part are counted one after the other (the
 * second sees the first's quantity).
 */
export async function lockWorkOrder(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<Pick<typeof workOrders.$inferSelect, 'id' | 'status' | 'partsProcurementStatus'> | null> {
  await lockCompanyWorkshop(tx, companyId);
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
  patch: Partial<
    Pick<
      typeof workOrders.$inferInsert,
      'status' | 'notes' | 'partsProcurementStatus' | 'issued' | 'issuedAt' | 'issuedBy'
    >
  >,
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

/** Which of `ids` are open work orders of the company. */
export async function openWorkOrderIds(tx: Tx, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // One array parameter: a schedule of up to 5,000 ids is one statement text, not one per length.
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from ${workOrders}
      where company_id = ${companyId} and id = any(${uuidArray(ids)}) and status <> 'completed'`),
  );
  return new Set(rows.map((r) => r.id));
}
