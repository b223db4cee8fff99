/**
 * Pure workshop rules: which parts a work order needs, what each part's state is, where a job is
 * listed, the status mapping between the database and the screen, and the deadline fallback.
 */
import { addDays, isoDate } from '../working-days.ts';

/** A BOM product has 20 component slots. */
export const COMPONENT_SLOT_COUNT = 20;
/** Without a due date the deadline is 7 days after the work order was created. */
export const DEADLINE_FALLBACK_DAYS = 7;

export const DB_WORK_ORDER_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type DbWorkOrderStatus = (typeof DB_WORK_ORDER_STATUSES)[number];
export const JOB_STATUSES = ['pending', 'in-progress', 'complete'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Database status -> displayed status (the status mapping). */
export function toJobStatus(status: string): JobStatus {
  if (status === 'completed') return 'complete';
  if (status === 'in_progress') return 'in-progress';
  return 'pending';
}

/** Displayed status -> database status: isComplete wins, in-progress maps, anything else is pending. */
export function toDbStatus(job: { status: string; isComplete?: boolean }): DbWorkOrderStatus {
  if (job.isComplete || job.status === 'complete') return 'completed';
  if (job.status === 'in-progress') return 'in_progress';
  return 'pending';
}

/** The due date, else the creation day plus 7 days, as yyyy-MM-dd. */
export function jobDeadline(dueDate: string | null | undefined, createdAt: Date | string): string {
  if (dueDate) return dueDate;
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  return addDays(isoDate(created), DEADLINE_FALLBACK_DAYS);
}

export function isOverdue(deadline: string, today: string, isComplete: boolean): boolean {
  return !isComplete && deadline < today;
}

/** One slot of a BOM product: a part number and the quantity one unit of the product needs. */
export interface ComponentSlot {
  index: number;
  partNumber: string | null | undefined;
  quantity: number | null | undefined;
}

export interface ComponentStock {
  partNumber: string;
  component: string;
  quantityOnHand: number;
  vendor: string | null;
}

export interface ProcurementEntry {
  partId: string;
  isOrdered: boolean;
  quantityOrdered: number;
  quantityReceived: number;
  isReceived: boolean;
  isPartialDelivery: boolean;
  balanceToFollow: number;
}

export const PART_STATES = ['in_stock', 'to_order', 'ordered', 'part_received', 'received'] as const;
export type PartState = (typeof PART_STATES)[number];

export interface DerivedPart {
  id: string;
  index: number;
  partNumber: string;
  name: string;
  /** Required quantity: slot quantity x work order quantity. */
  quantity: number;
  onHand: number;
  inStock: boolean;
  needsOrder: boolean;
  /** The shortfall: what must be ordered to cover the required quantity. */
  orderQuantity: number;
  supplier: string | null;
  known: boolean;
  isOrdered: boolean;
  quantityOrdered: number;
  quantityReceived: number;
  isReceived: boolean;
  isPartialDelivery: boolean;
  balanceToFollow: number;
  state: PartState;
}

/** Two decimals at most, without binary-fraction noise (0.1 + 0.2). */
export function roundQuantity(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The parts-procurement entry id: the work order id plus the component index. */
export function partIdOf(workOrderId: string, index: number): string {
  return `${workOrderId}-${index}`;
}

export function emptyProcurementEntry(partId: string): ProcurementEntry {
  return {
    partId,
    isOrdered: false,
    quantityOrdered: 0,
    quantityReceived: 0,
    isReceived: false,
    isPartialDelivery: false,
    balanceToFollow: 0,
  };
}

/** The entry's derived flags after its ordered or received quantity changed. */
export function settleProcurementEntry(
  entry: Pick<ProcurementEntry, 'partId' | 'quantityOrdered' | 'quantityReceived'>,
): ProcurementEntry {
  const ordered = roundQuantity(entry.quantityOrdered);
  const received = roundQuantity(entry.quantityReceived);
  return {
    partId: entry.partId,
    isOrdered: ordered > 0,
    quantityOrdered: ordered,
    quantityReceived: received,
    isReceived: ordered > 0 && received >= ordered,
    isPartialDelivery: received > 0 && received < ordered,
    balanceToFollow: received > 0 ? roundQuantity(Math.max(0, ordered - received)) : 0,
  };
}

/**
 * A part's state: received, part received, ordered, else in stock or to order by the stock on hand.
 * A delivery is "received" only when it covers the shortfall: everything ordered has arrived and the
 * stock on hand (which every delivery adds to) now covers the required quantity. An order placed short
 * of the shortfall and fully delivered stays "part received" until more is ordered and received.
 */
export function partStateOf(inStock: boolean, entry: ProcurementEntry): PartState {
  if (entry.isReceived) return inStock ? 'received' : 'part_received';
  if (entry.quantityReceived > 0) return 'part_received';
  if (entry.isOrdered) return 'ordered';
  return inStock ? 'in_stock' : 'to_order';
}

/** A part no longer holds the job back once it is in stock or fully received. */
export function isPartSatisfied(part: Pick<DerivedPart, 'state'>): boolean {
  return part.state === 'in_stock' || part.state === 'received';
}

/** What a job's inputs are: its work order, the slots of its BOM product, the stock and its procurement entries. */
export interface PartsInput<S extends Pick<ComponentStock, 'quantityOnHand'> = ComponentStock> {
  workOrderId: string;
  quantityRequired: number;
  slots: readonly ComponentSlot[];
  stock: ReadonlyMap<string, S>;
  procurement: readonly ProcurementEntry[];
}

/** One existing part before it is shaped: the part-existence rule in one place. */
interface PartBasis<S> {
  index: number;
  partNumber: string;
  component: S | undefined;
  required: number;
  onHand: number;
  inStock: boolean;
  /** Its procurement entry; never-ordered parts share NOT_ORDERED, whose partId is not read. */
  entry: ProcurementEntry;
  state: PartState;
}

const NOT_ORDERED: ProcurementEntry = Object.freeze(emptyProcurementEntry(''));

/**
 * The part-existence rule: a part exists only when its slot names a component and its quantity is above 0;
 * required = slot quantity x work order quantity; in stock when the quantity on hand covers it.
 */
function eachPart<S extends Pick<ComponentStock, 'quantityOnHand'>>(
  input: PartsInput<S>,
  visit: (part: PartBasis<S>) => void,
): void {
  // Most work orders have no procurement entry yet: no lookup map and no part id to build then.
  const entries = input.procurement.length ? new Map(input.procurement.map((e) => [e.partId, e])) : null;
  const multiplier = input.quantityRequired > 0 ? input.quantityRequired : 1;
  for (const slot of input.slots) {
    const partNumber = slot.partNumber?.trim();
    const slotQuantity = Number(slot.quantity ?? 0);
    if (!partNumber || !(slotQuantity > 0)) continue;
    const component = input.stock.get(partNumber);
    const required = roundQuantity(slotQuantity * multiplier);
    const onHand = component ? Number(component.quantityOnHand) : 0;
    const inStock = onHand >= required;
    const entry = entries?.get(partIdOf(input.workOrderId, slot.index)) ?? NOT_ORDERED;
    visit({
      index: slot.index,
      partNumber,
      component,
      required,
      onHand,
      inStock,
      entry,
      state: partStateOf(inStock, entry),
    });
  }
}

/**
 * The parts of a work order: a part exists only when its slot names a component
 * and its quantity is above 0; required = slot quantity x work order quantity; in stock when the
 * quantity on hand covers it; the order quantity is the shortfall; the supplier is the vendor.
 */
export function deriveParts(input: PartsInput): DerivedPart[] {
  const parts: DerivedPart[] = [];
  eachPart(input, ({ index, partNumber, component, required, onHand, inStock, entry, state }) => {
    parts.push({
      id: partIdOf(input.workOrderId, index),
      index,
      partNumber,
      name: component?.component ?? partNumber,
      quantity: required,
      onHand,
      inStock,
      needsOrder: !inStock,
      orderQuantity: inStock ? 0 : roundQuantity(required - onHand),
      supplier: component?.vendor ?? null,
      known: component !== undefined,
      isOrdered: entry.isOrdered,
      quantityOrdered: entry.quantityOrdered,
      quantityReceived: entry.quantityReceived,
      isReceived: state === 'received',
      isPartialDelivery: entry.isPartialDelivery,
      balanceToFollow: entry.balanceToFollow,
      state,
    });
  });
  return parts;
}

/** How a job's parts stand, as its card shows them. */
export interface PartCounts {
  /** Every part the job needs. */
  total: number;
  /** In stock or fully received (`isPartSatisfied`). */
  ready: number;
  /** Still to order. */
  toOrder: number;
  /** Ordered and not yet fully delivered. */
  awaiting: number;
}

function countState(counts: PartCounts, state: PartState): void {
  counts.total++;
  if (isPartSatisfied({ state })) counts.ready++;
  else if (state === 'to_order') counts.toOrder++;
  else counts.awaiting++;
}

export function countParts(parts: readonly Pick<DerivedPart, 'state'>[]): PartCounts {
  const counts: PartCounts = { total: 0, ready: 0, toOrder: 0, awaiting: 0 };
  for (const part of parts) countState(counts, part.state);
  return counts;
}

/**
 * The part counts of a work order by the very rules of `deriveParts`, without shaping each part:
 * what the job board needs (only the quantity on hand of the stock is read).
 */
export function summarizeParts(input: PartsInput<Pick<ComponentStock, 'quantityOnHand'>>): PartCounts {
  const counts: PartCounts = { total: 0, ready: 0, toOrder: 0, awaiting: 0 };
  eachPart(input, (part) => countState(counts, part.state));
  return counts;
}

export const JOB_LISTS = ['orders', 'stock', 'complete'] as const;
export type JobList = (typeof JOB_LISTS)[number];

/** Complete jobs go to Complete; jobs with any part still to order or receive to Orders; the rest to Stock. */
export function jobListOf(isComplete: boolean, parts: readonly Pick<DerivedPart, 'state'>[]): JobList {
  return jobListOfCounts(isComplete, countParts(parts));
}

/** `jobListOf` from the part counts: Stock once every part is ready. */
export function jobListOfCounts(isComplete: boolean, counts: Pick<PartCounts, 'total' | 'ready'>): JobList {
  if (isComplete) return 'complete';
  return counts.ready === counts.total ? 'stock' : 'orders';
}

/**
 * Work order numbers in the board's order: shorter first, then character by character (WO-9 before
 * WO-10, B2 before A10). The same total order as the board's SQL, `length(work_order_number),
 * work_order_number collate "C"`, which an index serves on PGlite and PostgreSQL alike (ADR 0024).
 * JavaScript compares UTF-16 code units where "C" compares UTF-8 bytes: the two agree for every
 * character outside the astral planes, which work order numbers do not use.
 */
export function compareWorkOrderNumbers(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The job order of a list: scheduled jobs in the schedule's order first, then the new
 * (unscheduled) ones by deadline, then work order number.
 */
export function orderJobs<T extends { id: string; deadline: string; workOrderNumber: string }>(
  jobs: readonly T[],
  schedule: readonly string[],
): T[] {
  const position = new Map(schedule.map((id, i) => [id, i]));
  // Each job's schedule position is looked up once, not in every comparison.
  const keyed = jobs.map((job) => ({ job, at: position.get(job.id) }));
  keyed.sort((a, b) => {
    if (a.at !== undefined && b.at !== undefined) return a.at - b.at;
    if (a.at !== undefined) return -1;
    if (b.at !== undefined) return 1;
    if (a.job.deadline !== b.job.deadline) return a.job.deadline < b.job.deadline ? -1 : 1;
    return compareWorkOrderNumbers(a.job.workOrderNumber, b.job.workOrderNumber);
  });
  return keyed.map((k) => k.job);
}

/**
 * The schedule after one list was reordered: that list's ids in their new order, then every
 * other scheduled id as it was (each list is shown on its own, so only relative order matters).
 */
export function reorderSchedule(schedule: readonly string[], listIds: readonly string[]): string[] {
  const inList = new Set(listIds);
  return [...listIds, ...schedule.filter((id) => !inList.has(id))];
}
