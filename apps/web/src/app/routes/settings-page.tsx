/** /settings: tabs for permissions, users, company settings, cloud storage and Slack; the tab is in ?tab=. */
import { canAccessSection } from '@hr/shared/permissions';
import { SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { useQueries } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CloudStorageTab } from '@/features/cloud-storage/components/cloud-storage-tab';
import { companySettingsQueryOptions } from '@/features/settings/api/get-company-settings';
import { invitationsQueryOptions } from '@/features/settings/api/get-invitations';
import { permissionsQueryOptions } from '@/features/settings/api/get-permissions';
import { usersQueryOptions } from '@/features/settings/api/get-users';
import { CompanySettingsTab } from '@/features/settings/components/company-settings-tab';
import { PermissionsTab } from '@/features/settings/components/permissions-tab';
import { UsersTab } from '@/features/settings/components/users-tab';
import { SlackIntegrationTab } from '@/features/slack/components/slack-integration-tab';
import { paths } from '@/lib/paths';
import { useMe } from '@/lib/session';

export const SETTINGS_TABS = [
  { value: 'permissions', label: 'User Permissions' },
  { value: 'users', label: 'User Management' },
  { value: 'company', label: 'Company Settings' },
  { value: 'cloud-storage', label: 'Cloud Storage' },
  { value: 'slack-integration', label: 'Slack Integration' },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]['value'];

export default function SettingsPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const results = useQueries({
    queries: [
      permissionsQueryOptions,
      usersQueryOptions,
      invitationsQueryOptions,
      companySettingsQueryOptions,
    ],
  });
  const tabs = SETTINGS_TABS.filter(
    (t) => t.value !== 'slack-integration' || canAccessSection(me?.role, 'slack-integration'),
  );
  const requested = params.get('tab');
  const active: SettingsTab = tabs.some((t) => t.value === requested)
    ? (requested as SettingsTab)
    : 'permissions';
  const loading = results.every((r) => r.isPending);
  const someFailed = results.some((r) => r.isError);

  const selectTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
          <p className="text-muted-foreground">Permissions, users and company-wide settings.</p>
        </div>
        <Link to={paths.home} className={buttonClasses('outline')}>
          <ArrowLeft aria-hidden="true" />
          Return to Dashboard
        </Link>
      </div>
      {loading ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading settings...
        </p>
      ) : (
        <>
          {someFailed && (
            <Alert variant="destructive">
              <AlertDescription>{SETTINGS_MESSAGES.someDataFailed}</AlertDescription>
            </Alert>
          )}
          <Tabs value={active} onValueChange={selectTab}>
            <div className="overflow-x-auto">
              <TabsList>
                {tabs.map((t) => (
                  <TabsTrigger key={t.value} value={t.value}>
                    {t.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <TabsContent value="permissions">
              <PermissionsTab />
            </TabsContent>
            <TabsContent value="users">
              <UsersTab
                currentUserId={me?.user.id ?? ''}
                showSecurityEvents={me?.role === 'super_admin' || me?.role === 'developer'}
              />
            </TabsContent>
            <TabsContent value="company">
              <CompanySettingsTab />
            </TabsContent>
            <TabsContent value="cloud-storage">
              <CloudStorageTab />
            </TabsContent>
            {tabs.some((t) => t.value === 'slack-integration') && (
              <TabsContent value="slack-integration">
                <SlackIntegrationTab />
              </TabsContent>
            )}
          </Tabs>
        </>
      )}
    </div>
  );
}
