/**
 * The header's Slack button. Until a Slack connection exists it reads Connect Slack: it leads to the
 * Slack Integration settings tab for those who may open Settings, opens the same connection card in
 * a dialog for admins (who may use Slack but not Settings), and is disabled with a hint for others.
 * Once connected it toggles the floating chat window.
 */
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { slackSettingsPath } from '@/lib/paths';
import { useMe } from '@/lib/session';
import { useSlackConnection } from '../api/get-slack-connection';
import { ChatWindow, type ChatWindowMode } from './chat-window';
import { SlackIntegrationTab } from './slack-integration-tab';

export const SLACK_CONNECT_HINT = 'Ask a Super Admin or Developer to connect Slack in System Settings.';

/** How this user reaches the Slack connection card: Settings, a dialog, or not at all. */
export type SlackConnectRoute = 'settings' | 'dialog' | 'none';

function ConnectSlackButton({
  connectRoute,
  compact,
}: {
  connectRoute: SlackConnectRoute;
  compact: boolean;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const content = (
    <>
      <MessageSquare aria-hidden="true" />
      <span className={compact ? 'sr-only' : 'hidden sm:inline'}>Connect Slack</span>
    </>
  );
  if (connectRoute === 'dialog') {
    return (
      <>
        <Button
          variant="outline"
          size="sm"
          aria-label={compact ? 'Connect Slack' : undefined}
          onClick={() => setDialogOpen(true)}
        >
          {content}
        </Button>
        <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
          <DialogContent className="sm:max-w-lg">
            <DialogHeader>
              <DialogTitle>Slack Integration</DialogTitle>
              <DialogDescription>Connect your Slack account to chat from Northwind HR.</DialogDescription>
            </DialogHeader>
            <SlackIntegrationTab />
          </DialogContent>
        </Dialog>
      </>
    );
  }
  if (connectRoute === 'settings') {
    return (
      <Button asChild variant="outline" size="sm" aria-label={compact ? 'Connect Slack' : undefined}>
        <Link to={slackSettingsPath}>{content}</Link>
      </Button>
    );
  }
  return (
    <span title={SLACK_CONNECT_HINT}>
      <Button
        variant="outline"
        size="sm"
        disabled
        aria-label="Connect Slack"
        aria-describedby="slack-connect-hint"
      >
        {content}
      </Button>
      <span id="slack-connect-hint" className="sr-only">
        {SLACK_CONNECT_HINT}
      </span>
    </span>
  );
}

export function SlackButton({
  connectRoute,
  compact = false,
}: {
  connectRoute: SlackConnectRoute;
  compact?: boolean;
}) {
  const { data: me } = useMe();
  const { data: connection } = useSlackConnection(Boolean(me));
  const [mode, setMode] = useState<ChatWindowMode>('hidden');

  if (!me || connection?.status !== 'connected') {
    return <ConnectSlackButton connectRoute={connectRoute} compact={compact} />;
  }
  const open = mode !== 'hidden';
  return (
    <>
      <Button
        variant={open ? 'default' : 'outline'}
        size="sm"
        aria-pressed={open}
        aria-label={compact ? 'Slack chat' : undefined}
        onClick={() => setMode(open ? 'hidden' : 'open')}
      >
        <MessageSquare aria-hidden="true" />
        <span className={compact ? 'sr-only' : 'hidden sm:inline'}>Slack</span>
      </Button>
      {mode !== 'hidden' && <ChatWindow userId={me.user.id} mode={mode} onModeChange={setMode} />}
    </>
  );
}
