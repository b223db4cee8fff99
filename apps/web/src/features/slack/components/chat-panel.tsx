/** The chat's body: channel list on the left, messages and the composer on the right. */

import type { SlackMessage } from '@hr/shared/slack/slack.schemas';
import { SLACK_MESSAGES } from '@hr/shared/slack/slack-constants';
import { canSendMessage } from '@hr/shared/slack/slack-rules';
import { AlertCircle, Hash, Lock, RefreshCw, Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/class-names';
import { initials } from '@/lib/initials';
import { notify } from '@/lib/toast';
import { useConnectSlack } from '../api/connect-slack';
import { useSendSlackMessage } from '../api/slack-api';
import { useSlackChat } from '../lib/use-slack-chat';

function authorOf(message: SlackMessage): string {
  return (
    message.user_profile?.display_name ||
    message.user_profile?.real_name ||
    message.username ||
    message.user ||
    'Slack user'
  );
}

function timeOf(ts: string): string {
  return new Date(Number(ts) * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function ProblemPanel({
  problem,
  onRetry,
}: {
  problem: 'session_expired' | 'missing_scope' | 'connection';
  onRetry: () => void;
}) {
  const { connect, pending } = useConnectSlack({ reconnect: true });
  if (problem === 'session_expired') {
    return (
      <Alert variant="destructive" className="m-3">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{SLACK_MESSAGES.authRequiredTitle}</AlertTitle>
        <AlertDescription>
          <p>{SLACK_MESSAGES.authRequired}</p>
          <Button size="sm" className="mt-2" onClick={connect} disabled={pending}>
            {SLACK_MESSAGES.reconnectToSlack}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" className="m-3">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>
        {problem === 'missing_scope' ? SLACK_MESSAGES.permissionsTitle : SLACK_MESSAGES.connectionErrorTitle}
      </AlertTitle>
      <AlertDescription>
        <p>
          {problem === 'missing_scope'
            ? SLACK_MESSAGES.permissionsInline
            : SLACK_MESSAGES.connectionRetriesExhausted}
        </p>
        <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {SLACK_MESSAGES.retryConnection}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function ChatPanel({
  userId,
  active,
  className,
}: {
  userId: string;
  active: boolean;
  className?: string;
}) {
  const chat = useSlackChat({ userId, active });
  const send = useSendSlackMessage();
  const [draft, setDraft] = useState('');
  const scroller = useRef<HTMLOListElement>(null);
  const current = chat.channels?.find((c) => c.id === chat.selected);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest message whenever the list grows.
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [chat.messages.length]);

  const submit = () => {
    if (!chat.selected || !canSendMessage(draft, send.isPending)) return;
    send.mutate(
      { channel: chat.selected, text: draft.trim() },
      {
        onSuccess: () => {
          setDraft('');
          void chat.poll();
        },
        onError: () => notify.error(SLACK_MESSAGES.errorTitle, SLACK_MESSAGES.sendFailed),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (chat.problem && !chat.channels?.length) {
    return (
      <div className={className}>
        <ProblemPanel problem={chat.problem} onRetry={chat.retry} />
      </div>
    );
  }

  return (
    <div className={cn('flex min-h-0 flex-1', className)}>
      <nav
        aria-label="Slack channels"
        className="w-36 shrink-0 overflow-y-auto border-r bg-muted/40 p-2 sm:w-44"
      >
        {chat.channelsLoading && !chat.channels ? (
          <Spinner label="Loading channels" />
        ) : chat.channels?.length === 0 ? (
          <p className="p-2 text-xs text-muted-foreground">No channels</p>
        ) : (
          <ul className="space-y-0.5">
            {chat.channels?.map((channel) => (
              <li key={channel.id}>
                <button
                  type="button"
                  onClick={() => chat.select(channel.id)}
                  aria-current={channel.id === chat.selected ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-1 truncate rounded px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    channel.id === chat.selected && 'bg-accent font-semibold',
                  )}
                >
                  {channel.is_group ? (
                    <Lock className="size-3.5 shrink-0" aria-hidden="true" />
                  ) : (
                    <Hash className="size-3.5 shrink-0" aria-hidden="true" />
                  )}
                  <span className="truncate">{channel.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <section
        aria-label={current ? `Messages in ${current.name}` : 'Messages'}
        className="flex min-w-0 flex-1 flex-col"
      >
        {chat.problem && <ProblemPanel problem={chat.problem} onRetry={chat.retry} />}
        <ol
          ref={scroller}
          className="flex-1 space-y-3 overflow-y-auto p-3 [&::-webkit-scrollbar-thumb]:min-h-[18px]"
          aria-live="polite"
        >
          {chat.messagesLoading ? (
            <li>
              <Spinner label="Loading messages" />
            </li>
          ) : chat.messages.length === 0 ? (
            <li className="text-sm text-muted-foreground">
              {chat.selected ? 'No messages yet' : 'Select a channel'}
            </li>
          ) : (
            chat.messages.map((message) => (
              <li key={message.ts} className="flex gap-2">
                <Avatar className="size-8 shrink-0">
                  {message.user_profile?.image_48 && (
                    <AvatarImage src={message.user_profile.image_48} alt="" />
                  )}
                  <AvatarFallback className="text-xs">{initials(authorOf(message))}</AvatarFallback>
                </Avatar>
                <div className="min-w-0">
                  <p className="text-xs">
                    <span className="font-semibold">{authorOf(message)}</span>{' '}
                    <span className="text-muted-foreground">{timeOf(message.ts)}</span>
                  </p>
                  <p className="whitespace-pre-wrap break-words text-sm">{message.text}</p>
                </div>
              </li>
            ))
          )}
        </ol>
        <form
          className="flex items-end gap-2 border-t p-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Textarea
            aria-label={current ? `Message #${current.name}` : 'Message'}
            placeholder={current ? `Message #${current.name}` : 'Select a channel'}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            disabled={!chat.selected}
            className="max-h-28 min-h-10 resize-none"
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Send message"
            disabled={!chat.selected || !canSendMessage(draft, send.isPending)}
          >
            <Send aria-hidden="true" />
          </Button>
        </form>
      </section>
    </div>
  );
}
