import { describe, expect, it } from 'vitest';
import { canSendMessage, isVisibleChannel, isVisibleMessage } from './slack-rules.ts';

describe('slack chat rules', () => {
  it.each([
    [{ id: 'C1', name: 'general', is_channel: true }, true],
    [{ id: 'G1', name: 'private', is_group: true }, true],
    [{ id: 'C2', name: 'old', is_channel: true, is_archived: true }, false],
    [{ id: 'D1', is_im: true }, false],
    [{ id: 'G2', is_mpim: true }, false],
    [{ name: 'no-id' }, false],
  ])('channel %o visible: %s', (channel, visible) => {
    expect(isVisibleChannel(channel)).toBe(visible);
  });

  it.each([
    [{ text: 'hello' }, true],
    [{ text: 'hi', subtype: 'bot_message' }, true],
    [{ text: '' }, false],
    [{ text: '   ' }, false],
    [{}, false],
    [{ text: '<@U1> has joined the channel', subtype: 'channel_join' }, false],
    [{ text: 'set the topic', subtype: 'channel_topic' }, false],
  ])('message %o visible: %s', (message, visible) => {
    expect(isVisibleMessage(message)).toBe(visible);
  });

  it.each([
    ['hello', false, true],
    ['  ', false, false],
    ['', false, false],
    ['hello', true, false],
  ])('send %j while sending=%s allowed: %s', (text, sending, allowed) => {
    expect(canSendMessage(text, sending)).toBe(allowed);
  });
});
