/** Query keys of the workshop feature; every mutation invalidates `workshopKeys.all`. */
export const workshopKeys = {
  all: ['workshop'] as const,
  board: (companyId: string | null) => ['workshop', 'board', companyId] as const,
  /** The pages of one list after the board's first page ("Load more"). */
  morePages: (companyId: string | null, list: 'orders' | 'stock') =>
    ['workshop', 'board-more', companyId, list] as const,
  partsOrders: (companyId: string | null) => ['workshop', 'parts-orders', companyId] as const,
  /** One full job (the details dialog); job ids are uuids, unique across companies. */
  job: (jobId: string) => ['workshop', 'job', jobId] as const,
};
