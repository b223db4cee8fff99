/**
 * The header's Slack button. Until a Slack connection exists it reads Connect Slack and leads to
 * the Slack Integration settings tab for those who may open it; others see it disabled with a hint.
 * Once connected it toggles the floating chat window.
 */
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { slackSettingsPath } from '@/lib/paths';
import { useMe } from '@/lib/session';
import { useSlackConnection } from '../api/get-slack-connection';
import { ChatWindow, type ChatWindowMode } from './chat-window';

export const SLACK_CONNECT_HINT = 'Ask a Super Admin or Developer to connect Slack in System Settings.';

function ConnectSlackButton({ canConnect, compact }: { canConnect: boolean; compact: boolean }) {
  const content = (
    <>
      <MessageSquare aria-hidden="true" />
      <span className={compact ? 'sr-only' : 'hidden sm:inline'}>Connect Slack</span>
    </>
  );
  if (canConnect) {
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

export function SlackButton({ canConnect, compact = false }: { canConnect: boolean; compact?: boolean }) {
  const { data: me } = useMe();
  const { data: connection } = useSlackConnection(Boolean(me));
  const [mode, setMode] = useState<ChatWindowMode>('hidden');

  if (!me || connection?.status !== 'connected') {
    return <ConnectSlackButton canConnect={canConnect} compact={compact} />;
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
