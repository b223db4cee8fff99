/** Settings > Slack Integration: this user's Slack connection card. */
import type { SlackConnectionStatus } from '@hr/shared/slack/slack.schemas';
import { SLACK_MESSAGES } from '@hr/shared/slack/slack-constants';
import { CheckCircle2, Info, MessageSquare, XCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useConnectSlack } from '../api/connect-slack';
import { useDisconnectSlack } from '../api/disconnect-slack';
import { useSlackConnection } from '../api/get-slack-connection';

const STATUS_LABELS: Record<SlackConnectionStatus, string> = {
  connected: 'Connected',
  not_connected: 'Not Connected',
  connection_lost: 'Connection Lost',
  token_expired: 'Token Expired',
};

/** `readOnly` (View level): the connection's status without Connect or Disconnect. */
export function SlackIntegrationTab({ readOnly = false }: { readOnly?: boolean }) {
  const connection = useSlackConnection();
  const status = connection.data?.status;
  const { connect, pending } = useConnectSlack({
    reconnect: status === 'connection_lost' || status === 'token_expired',
  });
  const disconnect = useDisconnectSlack();

  const onDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => notify.success(SLACK_MESSAGES.disconnected),
      onError: (error) => notify.error(SLACK_MESSAGES.disconnectionError, errorMessage(error)),
    });

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-5" aria-hidden="true" />
          Slack Connection
        </CardTitle>
        <CardDescription>Connect your Slack account to chat from inside the app.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {connection.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading Slack connection">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-64" />
          </div>
        ) : connection.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{SLACK_MESSAGES.connectionErrorTitle}</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(connection.error)}</p>
              <Button size="sm" variant="outline" className="mt-2" onClick={() => void connection.refetch()}>
                {SLACK_MESSAGES.retryConnection}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3" data-testid="slack-status">
              {status === 'connected' ? (
                <CheckCircle2 className="size-5 text-green-600" aria-hidden="true" />
              ) : (
                <XCircle className="size-5 text-destructive" aria-hidden="true" />
              )}
              <Badge
                className={status === 'connected' ? 'bg-green-700 px-2 py-0.5 text-white' : 'px-2 py-0.5'}
              >
                {STATUS_LABELS[status ?? 'not_connected']}
              </Badge>
              {status === 'connected' && connection.data?.teamName && (
                <span className="text-sm">
                  Workspace: <strong>{connection.data.teamName}</strong>
                </span>
              )}
            </div>
            {status !== 'connected' && (
              <Alert>
                <Info aria-hidden="true" />
                <AlertDescription>{SLACK_MESSAGES.appDistributionHint}</AlertDescription>
              </Alert>
            )}
          </>
        )}
      </CardContent>
      {!readOnly && !connection.isPending && !connection.isError && (
        <CardFooter className="gap-2">
          {status === 'connected' ? (
            <Button variant="destructive" onClick={onDisconnect} disabled={disconnect.isPending}>
              Disconnect Slack
            </Button>
          ) : (
            <Button onClick={connect} disabled={pending}>
              {status === 'not_connected' ? 'Connect' : 'Reconnect'}
            </Button>
          )}
        </CardFooter>
      )}
    </Card>
  );
}
