/** GET /api/v1/workshop/orders: jobs with parts still to order or receive. */
import type { PartsOrdersResponse } from '@hr/shared/workshop/workshop.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { workshopKeys } from './workshop-keys';

export function getPartsOrders(signal?: AbortSignal): Promise<PartsOrdersResponse> {
  return apiFetch<PartsOrdersResponse>('/api/v1/workshop/orders', { signal });
}

export const partsOrdersQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: workshopKeys.partsOrders(companyId),
    queryFn: ({ signal }) => getPartsOrders(signal),
  });

export function usePartsOrders(companyId: string | null) {
  return useQuery(partsOrdersQueryOptions(companyId));
}
