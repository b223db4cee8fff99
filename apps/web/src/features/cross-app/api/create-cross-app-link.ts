/** POST /api/v1/cross-app/links: a URL of the sister app carrying a one-time, 60-second code. */
import type { CrossAppTarget } from '@hr/shared/cross-app/cross-app-constants';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface CreateLinkBody {
  target: CrossAppTarget;
  returnUrl: string;
  breadcrumb: { title: string; path: string }[];
}

export function useCreateCrossAppLink() {
  return useMutation({
    mutationFn: (body: CreateLinkBody) =>
      apiFetch<{ url: string; expiresAt: string }>('/api/v1/cross-app/links', { method: 'POST', body }),
  });
}
