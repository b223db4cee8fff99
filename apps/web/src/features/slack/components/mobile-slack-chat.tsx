/** The chat as a full-screen page for phones, or the connect hint when Slack is not connected. */
import { SLACK_MESSAGES } from '@hr/shared/slack/slack-constants';
import { Spinner } from '@/components/ui/spinner';
import { hasSectionAccess } from '@/lib/access';
import { useMe } from '@/lib/session';
import { useSlackConnection } from '../api/get-slack-connection';
import { ChatPanel } from './chat-panel';
import { SLACK_CONNECT_HINT, SLACK_CONNECT_YOURS } from './slack-button';

export function MobileSlackChat() {
  const { data: me } = useMe();
  // Without the Slack section the server refuses the status (403): show the hint without asking.
  const allowed = Boolean(me && hasSectionAccess(me, 'slack-integration'));
  const connection = useSlackConnection(allowed);
  return (
    <section
      className="-mx-4 -mt-4 flex h-[calc(100svh-7.5rem)] flex-col"
      aria-labelledby="mobile-chat-title"
    >
      <h1 id="mobile-chat-title" className="border-b px-4 py-3 text-lg font-semibold">
        Slack Chat
      </h1>
      {!me || (allowed && connection.isPending) ? (
        <Spinner label="Loading Slack" />
      ) : allowed && connection.data?.status === 'connected' ? (
        <ChatPanel userId={me.user.id} active className="min-h-0 flex-1" />
      ) : (
        <div className="space-y-2 p-4 text-sm">
          <p className="font-medium">
            {connection.data?.status === 'token_expired'
              ? SLACK_MESSAGES.authRequired
              : 'Slack is not connected.'}
          </p>
          <p className="text-muted-foreground">{allowed ? SLACK_CONNECT_YOURS : SLACK_CONNECT_HINT}</p>
        </div>
      )}
    </section>
  );
}
