/** GET / PUT /api/v1/profile/email-preferences: which optional emails the user receives (issue 19). */
import type { EmailPreferences } from '@hr/shared/email/email-preferences.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const emailPreferencesQueryKey = ['profile', 'email-preferences'] as const;

export function useEmailPreferences() {
  return useQuery({
    queryKey: emailPreferencesQueryKey,
    queryFn: ({ signal }) => apiFetch<EmailPreferences>('/api/v1/profile/email-preferences', { signal }),
  });
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferences) =>
      apiFetch<EmailPreferences>('/api/v1/profile/email-preferences', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesQueryKey, saved),
  });
}
