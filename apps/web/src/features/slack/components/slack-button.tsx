/**
 * The header's Slack button. Until a Slack connection exists it reads Connect Slack: it leads to the
 * Slack Integration settings tab for those who may open Settings, opens the same connection card in
 * a dialog for admins (who may use Slack but see only its tab in Settings, reached from the user menu),
 * and is not shown to users without the Slack Integration section (they could not connect: each user
 * connects their own Slack account, and the server refuses them the Slack routes).
 * Once connected it toggles the floating chat window; on phones, where the window does not fit and
 * Settings is out of reach, it toggles the full-screen /mobile-chat and connects through the dialog.
 */
import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { settingsTabViewOnly } from '@/lib/access';
import { paths, slackSettingsPath } from '@/lib/paths';
import { useMe } from '@/lib/session';
import { useSlackConnection } from '../api/get-slack-connection';
import type { ChatWindowMode } from './chat-window';

// Their own chunks, loaded when first wanted (ADR 0130): the shell draws only the button.
const loadConnectDialog = () => import('./slack-connect-dialog');
const SlackConnectDialog = lazy(loadConnectDialog);
const loadChatWindow = () => import('./chat-window').then((module) => ({ default: module.ChatWindow }));
const ChatWindow = lazy(loadChatWindow);
/** Starts a load early (pointer, focus, touch); a failure shows when the lazy component renders. */
const warm = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

/** Why a user without the Slack Integration section has no Slack: said on /mobile-chat. */
export const SLACK_CONNECT_HINT =
  'Slack chat needs access to the Slack Integration section. Ask a Super Admin to give it to you in System Settings.';
/** For a user who may connect: each user connects their own Slack account. */
export const SLACK_CONNECT_YOURS =
  'Use Connect Slack at the top of the page to connect your own Slack account.';

/** How this user reaches the Slack connection card: Settings, a dialog, or not at all. */
export type SlackConnectRoute = 'settings' | 'dialog' | 'none';

function ConnectSlackButton({
  connectRoute,
  compact,
}: {
  connectRoute: SlackConnectRoute;
  compact: boolean;
}): React.ReactNode {
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first opening on, so closing it animates and gives the focus back.
  const [dialogWanted, setDialogWanted] = useState(false);
  const { data: me } = useMe();
  // View level on the Slack section: the status only, as in Settings (the server refuses Connect).
  const readOnly = settingsTabViewOnly(me, 'slack-integration');
  const content = (
    <>
      <MessageSquare aria-hidden="true" />
      <span className={compact ? 'sr-only' : 'hidden sm:inline'}>Connect Slack</span>
    </>
  );
  if (connectRoute === 'dialog') {
    const preload = warm(loadConnectDialog);
    return (
      <>
        <Button
          variant="outline"
          size="sm"
          aria-label={compact ? 'Connect Slack' : undefined}
          onPointerEnter={preload}
          onFocus={preload}
          onTouchStart={preload}
          onClick={() => {
            setDialogWanted(true);
            setDialogOpen(true);
          }}
        >
          {content}
        </Button>
        {dialogWanted && (
          <Suspense fallback={null}>
            <SlackConnectDialog open={dialogOpen} onOpenChange={setDialogOpen} readOnly={readOnly} />
          </Suspense>
        )}
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
  return null;
}

/** The phone's chat toggle: opens /mobile-chat, and from there goes back to the mobile home. */
function PhoneChatToggle() {
  const navigate = useNavigate();
  const open = useLocation().pathname === paths.mobileChat;
  return (
    <Button
      variant={open ? 'default' : 'outline'}
      size="sm"
      aria-pressed={open}
      aria-label="Slack chat"
      onClick={() => navigate(open ? paths.mobileHome : paths.mobileChat)}
    >
      <MessageSquare aria-hidden="true" />
    </Button>
  );
}

export function SlackButton({
  connectRoute,
  phone = false,
}: {
  connectRoute: SlackConnectRoute;
  /** The phone layout: an icon button; Settings cannot be opened there, so connecting uses the dialog. */
  phone?: boolean;
}) {
  const { data: me } = useMe();
  // Without the Slack section the server refuses the status (403): nothing to ask.
  const { data: connection } = useSlackConnection(Boolean(me) && connectRoute !== 'none');
  const [mode, setMode] = useState<ChatWindowMode>('hidden');

  if (!me || connection?.status !== 'connected') {
    const route = phone && connectRoute === 'settings' ? 'dialog' : connectRoute;
    return <ConnectSlackButton connectRoute={route} compact={phone} />;
  }
  if (phone) return <PhoneChatToggle />;
  const open = mode !== 'hidden';
  const preload = warm(loadChatWindow);
  return (
    <>
      <Button
        variant={open ? 'default' : 'outline'}
        size="sm"
        aria-pressed={open}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        onClick={() => setMode(open ? 'hidden' : 'open')}
      >
        <MessageSquare aria-hidden="true" />
        <span className="hidden sm:inline">Slack</span>
      </Button>
      {mode !== 'hidden' && (
        <Suspense fallback={null}>
          <ChatWindow userId={me.user.id} mode={mode} onModeChange={setMode} />
        </Suspense>
      )}
    </>
  );
}
