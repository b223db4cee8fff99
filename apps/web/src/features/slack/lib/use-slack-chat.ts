/**
 * The chat's data: channels (cached 5 min, loaded with 3 retries), the first channel selected,
 * 50 messages on selection, then a poll every 3 s for newer ones while `active`.
 */
import type { SlackChannel, SlackMessage } from '@hr/shared/slack/slack.schemas';
import {
  isTokenExpiredError,
  SLACK_MESSAGES,
  SLACK_POLL_INTERVAL_MS,
  SLACK_RETRY_DELAYS_MS,
} from '@hr/shared/slack/slack-constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@/lib/toast';
import { fetchChannelHistory, SlackActionError, slackAction } from '../api/slack-api';
import { clearCachedChannels, readCachedChannels, writeCachedChannels } from './channel-cache';
import { withRetries } from './retry';

export type ChatProblem = 'session_expired' | 'missing_scope' | 'connection' | null;

/** Slack errors that retrying cannot fix. */
const FATAL = (error: unknown) =>
  error instanceof SlackActionError &&
  (isTokenExpiredError(error.slackError) ||
    error.slackError === 'missing_scope' ||
    error.slackError === 'not_authed');

function problemOf(error: unknown): ChatProblem {
  if (!(error instanceof SlackActionError)) return 'connection';
  if (isTokenExpiredError(error.slackError) || error.slackError === 'not_authed') return 'session_expired';
  if (error.slackError === 'missing_scope') return 'missing_scope';
  return 'connection';
}

function toastHistoryError(error: unknown): ChatProblem {
  const code = error instanceof SlackActionError ? error.slackError : '';
  if (isTokenExpiredError(code) || code === 'not_authed') {
    notify.error(SLACK_MESSAGES.authRequiredTitle, SLACK_MESSAGES.authRequired);
    return 'session_expired';
  }
  if (code === 'channel_not_found')
    notify.error(SLACK_MESSAGES.channelNotFoundTitle, SLACK_MESSAGES.channelNotFound);
  else if (code === 'not_in_channel' || code === 'access_denied')
    notify.error(SLACK_MESSAGES.accessDeniedTitle, SLACK_MESSAGES.accessDenied);
  else notify.error(SLACK_MESSAGES.messageLoadError);
  return null;
}

/** Slack gives newest first; the chat shows oldest at the top. Keeps one copy per ts. */
function merge(current: SlackMessage[], incoming: SlackMessage[]): SlackMessage[] {
  const byTs = new Map(current.map((m) => [m.ts, m]));
  for (const m of incoming) byTs.set(m.ts, m);
  return [...byTs.values()].sort((a, b) => Number(a.ts) - Number(b.ts));
}

export function useSlackChat({ userId, active }: { userId: string; active: boolean }) {
  const [channels, setChannels] = useState<SlackChannel[] | null>(() => readCachedChannels(userId));
  const [channelsLoading, setChannelsLoading] = useState(false);
  const [problem, setProblem] = useState<ChatProblem>(null);
  const [selected, setSelected] = useState<string | null>(() => readCachedChannels(userId)?.[0]?.id ?? null);
  const [messages, setMessages] = useState<SlackMessage[]>([]);
  const [messagesLoading, setMessagesLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const newestTs = useRef<string | undefined>(undefined);

  const loadChannels = useCallback(
    async (force: boolean) => {
      const cached = force ? null : readCachedChannels(userId);
      if (cached) {
        setChannels(cached);
        setSelected((s) => s ?? cached[0]?.id ?? null);
        return;
      }
      setChannelsLoading(true);
      setProblem(null);
      try {
        const result = await withRetries(
          async () => (await slackAction({ action: 'get_channels' })).channels ?? [],
          SLACK_RETRY_DELAYS_MS,
          {
            retryable: (e) => !FATAL(e),
          },
        );
        writeCachedChannels(userId, result);
        setChannels(result);
        setSelected((s) => (s && result.some((c) => c.id === s) ? s : (result[0]?.id ?? null)));
      } catch (error) {
        const kind = problemOf(error);
        setProblem(kind);
        if (kind === 'session_expired')
          notify.error(SLACK_MESSAGES.authRequiredTitle, SLACK_MESSAGES.authRequired);
        else if (kind === 'missing_scope')
          notify.error(SLACK_MESSAGES.permissionsTitle, SLACK_MESSAGES.permissions);
        else notify.error(SLACK_MESSAGES.connectionErrorTitle, SLACK_MESSAGES.connectionRetriesExhausted);
      } finally {
        setChannelsLoading(false);
      }
    },
    [userId],
  );

  useEffect(() => {
    void loadChannels(attempt > 0);
  }, [loadChannels, attempt]);

  // The first load of a selected channel.
  useEffect(() => {
    if (!selected) return;
    let cancelled = false;
    setMessages([]);
    newestTs.current = undefined;
    setMessagesLoading(true);
    fetchChannelHistory(selected)
      .then((list) => {
        if (cancelled) return;
        const merged = merge([], list);
        newestTs.current = merged.at(-1)?.ts;
        setMessages(merged);
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          const kind = toastHistoryError(error);
          if (kind) setProblem(kind);
        }
      })
      .finally(() => {
        if (!cancelled) setMessagesLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [selected]);

  const poll = useCallback(async () => {
    if (!selected) return;
    try {
      const list = await fetchChannelHistory(selected, newestTs.current);
      if (list.length === 0) return;
      setMessages((current) => {
        const merged = merge(current, list);
        newestTs.current = merged.at(-1)?.ts;
        return merged;
      });
    } catch {
      // A failed poll is retried by the next tick; the first load already reported errors.
    }
  }, [selected]);

  // Poll every 3 s only while a channel is selected and the window is open and not minimised.
  useEffect(() => {
    if (!active || !selected || messagesLoading || problem) return;
    const timer = window.setInterval(() => void poll(), SLACK_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, selected, messagesLoading, problem, poll]);

  return {
    channels,
    channelsLoading,
    problem,
    selected,
    select: setSelected,
    messages,
    messagesLoading,
    poll,
    retry: () => {
      clearCachedChannels(userId);
      setAttempt((a) => a + 1);
    },
  };
}
