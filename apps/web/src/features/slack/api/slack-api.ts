/** POST /api/v1/slack/api: the server-side Slack actions (the browser never holds the token). */
import type { SlackApiRequest, SlackApiResponse, SlackMessage } from '@hr/shared/slack/slack.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** A Slack error the server passed through (`ok: false`), e.g. missing_scope or channel_not_found. */
export class SlackActionError extends Error {
  constructor(readonly slackError: string) {
    super(slackError);
    this.name = 'SlackActionError';
  }
}

export async function slackAction(request: SlackApiRequest, signal?: AbortSignal): Promise<SlackApiResponse> {
  const response = await apiFetch<SlackApiResponse>('/api/v1/slack/api', {
    method: 'POST',
    body: request,
    signal,
  });
  if (!response.ok) throw new SlackActionError(response.error ?? 'unknown_error');
  return response;
}

export async function fetchChannelHistory(channel: string, oldest?: string): Promise<SlackMessage[]> {
  const response = await slackAction(
    oldest ? { action: 'get_channel_history', channel, oldest } : { action: 'get_channel_history', channel },
  );
  return response.messages ?? [];
}

export function useSendSlackMessage() {
  return useMutation({
    mutationFn: ({ channel, text }: { channel: string; text: string }) =>
      slackAction({ action: 'send_message', channel, text }),
  });
}
