/** Settings > Cloud Storage: the switch, OneDrive and Google Drive cards, and the storage policies. */
import {
  CLOUD_MESSAGES,
  type CloudProviderStatus,
  type DocumentPolicy,
  documentTypeLabel,
  STORAGE_LOCATION_LABELS,
  STORAGE_LOCATIONS,
  type StorageLocation,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { Cloud, HardDrive, Lock } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/toast';
import { useConnectCloudProvider } from '../api/connect-cloud-provider';
import { useCloudStorage } from '../api/get-cloud-storage';
import { useSetCloudStorageEnabled } from '../api/set-cloud-storage-enabled';
import { useUpdateStoragePolicy } from '../api/update-storage-policy';

function ProviderCard({
  provider,
  pending,
  onConnect,
  readOnly,
}: {
  provider: CloudProviderStatus;
  pending: boolean;
  onConnect: () => void;
  readOnly: boolean;
}) {
  return (
    <Card data-testid={`provider-${provider.provider}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <Cloud className="size-5" aria-hidden="true" />
          {provider.label}
        </CardTitle>
        <Badge className={provider.connected ? 'bg-green-700 px-2 py-0.5 text-white' : 'px-2 py-0.5'}>
          {provider.connected ? 'Connected' : 'Not Connected'}
        </Badge>
      </CardHeader>
      {!readOnly && (
        <CardContent>
          <Button
            variant="outline"
            onClick={onConnect}
            disabled={pending}
            aria-label={`${provider.connected ? 'Reconnect' : 'Connect'} ${provider.label}`}
          >
            {pending ? 'Waiting for sign-in...' : provider.connected ? 'Reconnect' : 'Connect'}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}

function PolicyRow({ policy, readOnly }: { policy: DocumentPolicy; readOnly: boolean }) {
  const update = useUpdateStoragePolicy();
  const id = `policy-${policy.documentType}`;
  const onChange = (storageLocation: StorageLocation) =>
    update.mutate(
      { documentType: policy.documentType, storageLocation },
      {
        onSuccess: () => notify.success(CLOUD_MESSAGES.policyUpdatedTitle, CLOUD_MESSAGES.policyUpdated),
        onError: () => notify.error(CLOUD_MESSAGES.policyUpdateFailed),
      },
    );
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid={id}>
      <div className="min-w-0">
        <Label htmlFor={id} className="font-medium">
          {documentTypeLabel(policy.documentType)}
        </Label>
        <p className="truncate text-xs text-muted-foreground">Cloud folder: {policy.cloudFolderPath}</p>
      </div>
      {policy.editable ? (
        <NativeSelect
          id={id}
          className="sm:w-56"
          value={policy.storageLocation}
          disabled={readOnly || update.isPending}
          onChange={(event) => onChange(event.target.value as StorageLocation)}
        >
          {STORAGE_LOCATIONS.map((location) => (
            <option key={location} value={location}>
              {STORAGE_LOCATION_LABELS[location]}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <span id={id} className="flex items-center gap-1 text-sm text-muted-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          {STORAGE_LOCATION_LABELS.supabase} (fixed)
        </span>
      )}
    </li>
  );
}

/** `readOnly` (View level): the switch and policies disabled, no Connect. */
export function CloudStorageTab({ readOnly = false }: { readOnly?: boolean }) {
  const settings = useCloudStorage();
  const setEnabled = useSetCloudStorageEnabled();
  const { connect, pending } = useConnectCloudProvider();

  if (settings.isPending) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading cloud storage settings">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (settings.isError) {
    return <LoadError title={CLOUD_MESSAGES.loadFailed} query={settings} />;
  }
  const { enabled, providers, policies } = settings.data;
  const onToggle = (next: boolean) =>
    setEnabled.mutate(next, {
      onSuccess: () => notify.success(next ? CLOUD_MESSAGES.enabled : CLOUD_MESSAGES.disabled),
      onError: () => notify.error(CLOUD_MESSAGES.loadFailed),
    });

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex items-center justify-between gap-4 pt-6">
          <div>
            <Label htmlFor="cloud-storage-enabled" className="text-base font-semibold">
              Enable Cloud Storage
            </Label>
            <p className="text-sm text-muted-foreground">
              Store documents in OneDrive or Google Drive as well as in the app.
            </p>
          </div>
          <Switch
            id="cloud-storage-enabled"
            checked={enabled}
            disabled={readOnly || setEnabled.isPending}
            onCheckedChange={onToggle}
          />
        </CardContent>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        {providers.map((provider) => (
          <ProviderCard
            key={provider.provider}
            provider={provider}
            pending={pending === provider.provider}
            onConnect={() => connect(provider.provider)}
            readOnly={readOnly}
          />
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <HardDrive className="size-5" aria-hidden="true" />
            Document Storage Policies
          </CardTitle>
          <CardDescription>
            Primary document types always stay in app storage. Secondary types can go to app storage, the
            primary cloud provider, or both.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {policies.map((policy) => (
              <PolicyRow key={policy.documentType} policy={policy} readOnly={readOnly} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
