/**
 * /settings: tabs for permissions, users, company settings, cloud storage and Slack; the tab is in ?tab=.
 * Only the tabs the user's role and access levels open are shown (admins see Slack Integration alone);
 * with none left the page says access is restricted rather than showing forms the server refuses.
 */
import { SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { useQueries } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AccessDenied } from '@/app/guards/access-denied';
import { failedQueries, LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CloudStorageTab } from '@/features/cloud-storage/components/cloud-storage-tab';
import { companySettingsQueryOptions } from '@/features/settings/api/get-company-settings';
import { invitationsQueryOptions } from '@/features/settings/api/get-invitations';
import { permissionsQueryOptions } from '@/features/settings/api/get-permissions';
import { usersQueryOptions } from '@/features/settings/api/get-users';
import { AuditTrailTab } from '@/features/settings/components/audit-trail-tab';
import { CompanySettingsTab } from '@/features/settings/components/company-settings-tab';
import { PermissionsTab } from '@/features/settings/components/permissions-tab';
import { UsersTab } from '@/features/settings/components/users-tab';
import { SlackIntegrationTab } from '@/features/slack/components/slack-integration-tab';
import { SETTINGS_TABS, type SettingsTab, settingsTabViewOnly, visibleSettingsTabs } from '@/lib/access';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';

/** Shown above the tabs when the user's access levels hide some of them. */
export const ACCESS_RESTRICTED_TITLE = 'Access restricted';
export const ACCESS_RESTRICTED_MESSAGE =
  'Your access level hides some Settings tabs. A Super Admin can change it in User Permissions.';
export const VIEW_ONLY_MESSAGE =
  'View only: your access level lets you see this tab but not save changes on it.';

export default function SettingsPage() {
  usePageTitle(routeTitle(paths.settings));
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const tabs = visibleSettingsTabs(me);
  const shows = (value: SettingsTab['value']) => tabs.some((t) => t.value === value);
  // Only what the visible tabs need: a hidden tab's data would only be refused (403).
  const wanted = [shows('permissions'), shows('users'), shows('users'), shows('company')];
  const results = useQueries({
    queries: [
      { ...permissionsQueryOptions, enabled: wanted[0] },
      { ...usersQueryOptions, enabled: wanted[1] },
      { ...invitationsQueryOptions, enabled: wanted[2] },
      { ...companySettingsQueryOptions, enabled: wanted[3] },
    ],
  });
  const requested = params.get('tab');
  const active = tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value;
  const fetched = results.filter((_, i) => wanted[i]);
  const loading = fetched.length > 0 && fetched.every((r) => r.isPending);
  const someFailed = fetched.some((r) => r.isError);
  const restricted =
    tabs.length < SETTINGS_TABS.length && (me?.role === 'super_admin' || me?.role === 'developer');

  if (!active) return <AccessDenied />;

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
          {restricted && (
            <Alert>
              <AlertTitle>{ACCESS_RESTRICTED_TITLE}</AlertTitle>
              <AlertDescription>{ACCESS_RESTRICTED_MESSAGE}</AlertDescription>
            </Alert>
          )}
          {settingsTabViewOnly(me, active) && (
            <Alert>
              <AlertDescription>{VIEW_ONLY_MESSAGE}</AlertDescription>
            </Alert>
          )}
          {someFailed && (
            <LoadError title={SETTINGS_MESSAGES.someDataFailed} query={failedQueries(fetched)} />
          )}
          <Tabs value={active} onValueChange={selectTab}>
            {/* The tabs wrap onto a second line rather than clip ("Slack Integratio" at 1000 px). */}
            <TabsList className="h-auto! max-w-full flex-wrap justify-start gap-1">
              {tabs.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {shows('permissions') && (
              <TabsContent value="permissions">
                <PermissionsTab readOnly={settingsTabViewOnly(me, 'permissions')} />
              </TabsContent>
            )}
            {shows('users') && (
              <TabsContent value="users">
                <UsersTab
                  currentUserId={me?.user.id ?? ''}
                  showSecurityEvents={me?.role === 'super_admin' || me?.role === 'developer'}
                  readOnly={settingsTabViewOnly(me, 'users')}
                />
              </TabsContent>
            )}
            {shows('company') && (
              <TabsContent value="company">
                <CompanySettingsTab readOnly={settingsTabViewOnly(me, 'company')} />
              </TabsContent>
            )}
            {shows('cloud-storage') && (
              <TabsContent value="cloud-storage">
                <CloudStorageTab readOnly={settingsTabViewOnly(me, 'cloud-storage')} />
              </TabsContent>
            )}
            {shows('audit') && (
              <TabsContent value="audit">
                <AuditTrailTab />
              </TabsContent>
            )}
            {shows('slack-integration') && (
              <TabsContent value="slack-integration">
                <SlackIntegrationTab readOnly={settingsTabViewOnly(me, 'slack-integration')} />
              </TabsContent>
            )}
          </Tabs>
        </>
      )}
    </div>
  );
}
