/** The channel list kept in local storage for 5 minutes (the channel cache rule), per user. */
import type { SlackChannel } from '@hr/shared/slack/slack.schemas';
import { SLACK_CHANNEL_CACHE_MS } from '@hr/shared/slack/slack-constants';

const key = (userId: string) => `slack-channels:${userId}`;

export function readCachedChannels(userId: string, now = Date.now()): SlackChannel[] | null {
  try {
    const raw = window.localStorage.getItem(key(userId));
    if (!raw) return null;
    const cached = JSON.parse(raw) as { at: number; channels: SlackChannel[] };
    return now - cached.at < SLACK_CHANNEL_CACHE_MS ? cached.channels : null;
  } catch {
    return null;
  }
}

export function writeCachedChannels(userId: string, channels: SlackChannel[], now = Date.now()): void {
  try {
    window.localStorage.setItem(key(userId), JSON.stringify({ at: now, channels }));
  } catch {
    // Storage full or disabled: the list is simply loaded again next time.
  }
}

export function clearCachedChannels(userId: string): void {
  window.localStorage.removeItem(key(userId));
}
