/** Query keys of the employee feature; everything sits under ['employees'] so one call refreshes it all. */
export const employeeKeys = {
  all: ['employees'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (query: { search: string; after: string | null; leavers?: boolean }) =>
    [...employeeKeys.lists(), query] as const,
  userOptions: () => [...employeeKeys.all, 'user-options'] as const,
  ledger: (id: string) => [...employeeKeys.all, 'ledger', id] as const,
};
