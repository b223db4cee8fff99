/** The header's user menu: who is signed in, their role, and the entries the role/section matrix allows them. */
import { menuRules } from '@hr/shared/permissions';
import { roleLabel } from '@hr/shared/roles';
import {
  Building2,
  ChevronDown,
  KeyRound,
  LogOut,
  MessageSquare,
  Plug,
  Repeat,
  Settings,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/features/auth/api/sign-out';
import { SelectCompanyDialog } from '@/features/company-switch/components/select-company-dialog';
import { CrossAppMenuItems } from '@/features/cross-app/components/cross-app-menu-items';
import { hasSectionAccess } from '@/lib/access';
import { displayName, initials } from '@/lib/initials';
import { paths, slackSettingsPath } from '@/lib/paths';
import type { Me } from '@/lib/session';
import { notify } from '@/lib/toast';
import { usePasswordChange } from '../password-change';

/**
 * `phone`: the mobile shell's menu. Company Details, Settings, Slack Integration (a Settings tab) and
 * HubSpot are desktop-only screens a phone is redirected away from (ADR 0062), so they are not offered.
 */
export function UserMenu({ me, phone = false }: { me: Me; phone?: boolean }) {
  const compact = phone;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { openChangePassword } = usePasswordChange();
  const [switchOpen, setSwitchOpen] = useState(false);
  const name = displayName({ fullName: me.profile.fullName, email: me.user.email });
  const role = me.role;

  const handleSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => navigate(paths.auth, { replace: true }),
      onError: () => notify.error('Error signing out'),
    });
  };

  return (
    <>
      {/* Not modal: a modal menu aria-hides the page while it stays focusable (axe: aria-hidden-focus). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className="flex items-center gap-2 rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`User menu for ${name}`}
        >
          <Avatar className="size-8">
            {me.profile.avatarUrl && <AvatarImage src={me.profile.avatarUrl} alt="" />}
            <AvatarFallback className="text-xs">{initials(name)}</AvatarFallback>
          </Avatar>
          {!compact && (
            <span className="hidden max-w-40 flex-col items-start text-left leading-tight lg:flex">
              <span className="truncate text-sm font-medium">{name}</span>
              <span className="text-xs text-muted-foreground">{roleLabel(role)}</span>
            </span>
          )}
          <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" aria-label="User menu">
          <DropdownMenuLabel>
            <span className="block truncate font-medium">{name}</span>
            <span className="block truncate text-xs font-normal text-muted-foreground">{me.user.email}</span>
            <span
              data-testid="user-role"
              className="mt-1 inline-block rounded bg-secondary px-1.5 py-0.5 text-xs font-medium text-secondary-foreground"
            >
              {roleLabel(role)}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={paths.profile}>
              <UserRound aria-hidden="true" />
              User Profile
            </Link>
          </DropdownMenuItem>
          {!phone && menuRules.canSeeCompanyDetails(role) && (
            <DropdownMenuItem asChild>
              <Link to={paths.company}>
                <Building2 aria-hidden="true" />
                Company Details
              </Link>
            </DropdownMenuItem>
          )}
          {!phone && menuRules.canSeeSettings(role) && (
            <DropdownMenuItem asChild>
              <Link to={paths.settings}>
                <Settings aria-hidden="true" />
                Settings
              </Link>
            </DropdownMenuItem>
          )}
          {/* Admins may not see Settings, but its Slack Integration tab is theirs (role/section matrix). */}
          {!phone && !menuRules.canSeeSettings(role) && hasSectionAccess(me, 'slack-integration') && (
            <DropdownMenuItem asChild>
              <Link to={slackSettingsPath}>
                <MessageSquare aria-hidden="true" />
                Slack Integration
              </Link>
            </DropdownMenuItem>
          )}
          {!phone && menuRules.canSeeHubspot(role) && (
            <DropdownMenuItem asChild>
              <Link to={paths.hubspot}>
                <Plug aria-hidden="true" />
                HubSpot Integration
              </Link>
            </DropdownMenuItem>
          )}
          <CrossAppMenuItems />
          {menuRules.canSwitchCompany(role) && (
            <DropdownMenuItem onSelect={() => setSwitchOpen(true)}>
              <Repeat aria-hidden="true" />
              Switch Company
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={openChangePassword}>
            <KeyRound aria-hidden="true" />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={handleSignOut} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {menuRules.canSwitchCompany(role) && (
        <SelectCompanyDialog
          open={switchOpen}
          onOpenChange={setSwitchOpen}
          currentCompanyId={me.company?.id ?? null}
          currentCompanyName={me.company?.displayName ?? null}
        />
      )}
    </>
  );
}
