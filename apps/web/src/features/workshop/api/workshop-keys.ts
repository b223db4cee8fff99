/** Query keys of the workshop feature; every mutation invalidates `workshopKeys.all`. */
export const workshopKeys = {
  all: ['workshop'] as const,
  board: (companyId: string | null) => ['workshop', 'board', companyId] as const,
  partsOrders: (companyId: string | null) => ['workshop', 'parts-orders', companyId] as const,
  /** One full job (the details dialog); job ids are uuids, unique across companies. */
  job: (jobId: string) => ['workshop', 'job', jobId] as const,
};
