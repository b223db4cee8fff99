/** States whether HubSpot is set up and links out to it; no other HubSpot behaviour is specified. */
import { CheckCircle2, ExternalLink, XCircle } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useHubspotStatus } from '../api/get-hubspot-status';

export const HUBSPOT_URL = 'https://app.hubspot.com/';

export function HubspotStatusCard() {
  const status = useHubspotStatus();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>HubSpot connection</CardTitle>
        <CardDescription>
          The CRM integration uses a HubSpot private-app token kept on the server.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-6 w-72" />
        ) : status.isError ? (
          <LoadError title="Failed to load the HubSpot status." query={status} />
        ) : status.data.configured ? (
          <p className="flex items-center gap-2" data-testid="hubspot-status">
            <CheckCircle2 className="size-5 text-green-600" aria-hidden="true" />A HubSpot private-app token
            is configured.
          </p>
        ) : (
          <p className="flex items-center gap-2" data-testid="hubspot-status">
            <XCircle className="size-5 text-destructive" aria-hidden="true" />
            No HubSpot private-app token is configured. Set HUBSPOT_ACCESS_TOKEN on the server.
          </p>
        )}
        <a href={HUBSPOT_URL} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
          <ExternalLink aria-hidden="true" />
          Open HubSpot
        </a>
      </CardContent>
    </Card>
  );
}
