/** GET /api/v1/slack/connection: Connected, Not Connected, Connection Lost or Token Expired. */
import type { SlackConnection } from '@hr/shared/slack/slack.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const slackConnectionQueryKey = ['slack', 'connection'] as const;

export const slackConnectionQueryOptions = queryOptions({
  queryKey: slackConnectionQueryKey,
  queryFn: ({ signal }) => apiFetch<SlackConnection>('/api/v1/slack/connection', { signal }),
  staleTime: 60_000,
  retry: false,
});

export function useSlackConnection(enabled = true) {
  return useQuery({ ...slackConnectionQueryOptions, enabled });
}
