/** Query keys of the workshop feature; every mutation invalidates `workshopKeys.all`. */
export const workshopKeys = {
  all: ['workshop'] as const,
  board: (companyId: string | null) => ['workshop', 'board', companyId] as const,
  partsOrders: (companyId: string | null) => ['workshop', 'parts-orders', companyId] as const,
};
