/** GET /api/v1/settings/audit-events: one page of the audit trail, filtered (ADR 0102). */
import type { AuditFilter, AuditPage } from '@hr/shared/audit/audit.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The query string of a filter (empty values left out), with the page when given. */
export function auditQueryString(filter: AuditFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAuditEvents(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: ['settings', 'audit-events', filter, page],
    queryFn: ({ signal }) =>
      apiFetch<AuditPage>(`/api/v1/settings/audit-events${auditQueryString(filter, page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the same filter: a plain link, so the browser downloads it with the session cookie. */
export const auditExportHref = (filter: AuditFilter) =>
  `/api/v1/settings/audit-events/export${auditQueryString(filter)}`;
