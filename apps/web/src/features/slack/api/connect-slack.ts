/**
 * POST /api/v1/slack/oauth-url, the popup, then POST /api/v1/slack/oauth/complete: the whole
 * connect (or reconnect) flow with the spec's toasts.
 */
import type { SlackConnection, SlackOauthUrlResponse } from '@hr/shared/slack/slack.schemas';
import { SLACK_MESSAGES } from '@hr/shared/slack/slack-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, apiFetch, errorMessage } from '@/lib/api-client';
import { openOauthPopup } from '@/lib/oauth-popup';
import { notify } from '@/lib/toast';
import { slackConnectionQueryKey } from './get-slack-connection';

const RECHECK_DELAY_MS = 1000;

export function useConnectSlack({ reconnect = false }: { reconnect?: boolean } = {}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const recheck = useCallback(
    () => queryClient.invalidateQueries({ queryKey: slackConnectionQueryKey }),
    [queryClient],
  );

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'app_distribution_error') {
        notify.error(SLACK_MESSAGES.appConfigurationError, SLACK_MESSAGES.appDistributionHint);
      } else if (reconnect) {
        notify.error(SLACK_MESSAGES.reconnectionFailedTitle, SLACK_MESSAGES.reconnectionFailed);
      } else {
        notify.error(SLACK_MESSAGES.connectionFailed, errorMessage(error, SLACK_MESSAGES.connectFailed));
      }
    },
    [reconnect],
  );

  const connect = useCallback(() => {
    const popup = openOauthPopup({
      onResult: async ({ code, state, error }) => {
        try {
          if (error || !code || !state) {
            throw new ApiError(400, error ?? 'ERROR', SLACK_MESSAGES.connectFailed);
          }
          await apiFetch<SlackConnection>('/api/v1/slack/oauth/complete', {
            method: 'POST',
            body: { code, state },
          });
          notify.success(SLACK_MESSAGES.connectedTitle, SLACK_MESSAGES.connectedDescription);
          window.setTimeout(() => void recheck(), RECHECK_DELAY_MS);
        } catch (failure) {
          failed(failure);
        } finally {
          setPending(false);
        }
      },
      onClosed: () => {
        setPending(false);
        void recheck();
      },
    });
    if (!popup) {
      notify.error(SLACK_MESSAGES.connectionFailed, SLACK_MESSAGES.popupBlocked);
      return;
    }
    setPending(true);
    apiFetch<SlackOauthUrlResponse>('/api/v1/slack/oauth-url', { method: 'POST' })
      .then(({ authUrl }) => {
        if (!authUrl) throw new Error(SLACK_MESSAGES.connectFailed);
        popup.navigate(authUrl);
      })
      .catch((error: unknown) => {
        popup.close();
        setPending(false);
        failed(error);
      });
  }, [failed, recheck]);

  return { connect, pending };
}
