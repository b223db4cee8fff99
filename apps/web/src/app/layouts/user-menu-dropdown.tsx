/**
 * The user menu's Radix dropdown (its entries, Switch Company, Sign Out): its own chunk, loaded when
 * the menu button is first pointed at, focused or pressed (ADR 0130). `UserMenu` draws the button.
 */
import { menuRules } from '@hr/shared/permissions';
import { Building2, KeyRound, LogOut, MessageSquare, Plug, Repeat, Settings, UserRound } from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { paths, slackSettingsPath } from '@/lib/paths';
import type { Me } from '@/lib/session';
import { notify } from '@/lib/toast';
import { usePasswordChange } from '../password-change';

export interface UserMenuDropdownProps {
  me: Me;
  phone: boolean;
  name: string;
  roleText: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: Ref<HTMLButtonElement>;
  triggerClassName: string;
  triggerLabel: string;
  /** The avatar (and on wide screens the name and role), drawn the same by the stand-in. */
  children: ReactNode;
}

/**
 * `phone`: the mobile shell's menu. Company Details, Settings, Slack Integration (a Settings tab) and
 * HubSpot are desktop-only screens a phone is redirected away from (ADR 0062), so they are not offered.
 */
export default function UserMenuDropdown({
  me,
  phone,
  name,
  roleText,
  open,
  onOpenChange,
  triggerRef,
  triggerClassName,
  triggerLabel,
  children,
}: UserMenuDropdownProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { openChangePassword } = usePasswordChange();
  const [switchOpen, setSwitchOpen] = useState(false);
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
      <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
        <DropdownMenuTrigger ref={triggerRef} className={triggerClassName} aria-label={triggerLabel}>
          {children}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" aria-label="User menu">
          <DropdownMenuLabel>
            <span className="block truncate font-medium">{name}</span>
            <span className="block truncate text-xs font-normal text-muted-foreground">{me.user.email}</span>
            <span
              data-testid="user-role"
              className="mt-1 inline-block rounded bg-secondary px-1.5 py-0.5 text-xs font-medium text-secondary-foreground"
            >
              {roleText}
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
