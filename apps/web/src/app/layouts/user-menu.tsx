/**
 * The header's user menu: who is signed in, their role, and the entries the role/section matrix
 * allows them. The button is part of the shell; the dropdown (Radix menu, Switch Company) loads when
 * the button is first pointed at, focused or pressed (ADR 0130), a stand-in drawn the same until then.
 */
import { roleLabel } from '@hr/shared/roles';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { displayName, initials } from '@/lib/initials';
import { lazyWidget, preloadWidget, useLazyWidget } from '@/lib/lazy-widget';
import type { Me } from '@/lib/session';
import type { UserMenuDropdownProps } from './user-menu-dropdown';

export const userMenuDropdown = lazyWidget<UserMenuDropdownProps>(() =>
  import('./user-menu-dropdown').then((module) => module.default),
);

const TRIGGER_CLASS =
  'flex items-center gap-2 rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring';

/**
 * `phone`: the mobile shell's menu. Company Details, Settings, Slack Integration (a Settings tab) and
 * HubSpot are desktop-only screens a phone is redirected away from (ADR 0062), so they are not offered.
 */
export function UserMenu({ me, phone = false }: { me: Me; phone?: boolean }) {
  const [open, setOpen] = useState(false);
  const standInRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const Dropdown = useLazyWidget(userMenuDropdown, standInRef, triggerRef);
  const name = displayName({ fullName: me.profile.fullName, email: me.user.email });
  const roleText = roleLabel(me.role);
  const label = `User menu for ${name}`;
  const content = (
    <>
      <Avatar className="size-8">
        {me.profile.avatarUrl && <AvatarImage src={me.profile.avatarUrl} alt="" />}
        <AvatarFallback className="text-xs">{initials(name)}</AvatarFallback>
      </Avatar>
      {!phone && (
        <span className="hidden max-w-40 flex-col items-start text-left leading-tight lg:flex">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="text-xs text-muted-foreground">{roleText}</span>
        </span>
      )}
      <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
    </>
  );
  if (Dropdown) {
    return (
      <Dropdown
        me={me}
        phone={phone}
        name={name}
        roleText={roleText}
        open={open}
        onOpenChange={setOpen}
        triggerRef={triggerRef}
        triggerClassName={TRIGGER_CLASS}
        triggerLabel={label}
      >
        {content}
      </Dropdown>
    );
  }
  const preload = () => preloadWidget(userMenuDropdown);
  const openMenu = () => {
    setOpen(true);
    preload();
  };
  return (
    <button
      ref={standInRef}
      type="button"
      className={TRIGGER_CLASS}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      onClick={openMenu}
      // Radix's menu button also opens on ArrowDown (Enter and Space click the button).
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          openMenu();
        }
      }}
    >
      {content}
    </button>
  );
}
