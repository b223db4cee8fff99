/** DELETE /api/v1/slack/connection: removes this user's Slack mapping. */
import type { SlackConnection } from '@hr/shared/slack/slack.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { slackConnectionQueryKey } from './get-slack-connection';

export function useDisconnectSlack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SlackConnection>('/api/v1/slack/connection', { method: 'DELETE' }),
    onSuccess: (data) => {
      queryClient.setQueryData(slackConnectionQueryKey, data);
      queryClient.removeQueries({ queryKey: ['slack', 'channels'] });
    },
  });
}
