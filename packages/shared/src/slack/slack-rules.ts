/** What the chat shows of Slack's data (the chat's display rules). */

interface RawChannel {
  id?: string;
  name?: string;
  is_channel?: boolean;
  is_group?: boolean;
  is_im?: boolean;
  is_mpim?: boolean;
  is_archived?: boolean;
}

interface RawMessage {
  text?: string;
  subtype?: string;
}

/** Archived channels and direct-message channels are hidden. */
export function isVisibleChannel(channel: RawChannel): boolean {
  return Boolean(channel.id) && !channel.is_archived && !channel.is_im && !channel.is_mpim;
}

/** Messages with no text, or with a channel_ subtype (joins, topic changes...), are dropped. */
export function isVisibleMessage(message: RawMessage): boolean {
  if (!message.text?.trim()) return false;
  return !message.subtype?.startsWith('channel_');
}

/** A message may be sent when it has non-blank text and no send is in progress. */
export function canSendMessage(text: string, sending: boolean): boolean {
  return !sending && text.trim().length > 0;
}
