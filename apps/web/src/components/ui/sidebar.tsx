/**
 * The collapsible sidebar in the shadcn style: 16rem open, 3rem collapsed to icons, an 18rem
 * drawer on small screens. Ctrl/Cmd+B toggles it and the open state lives in the `sidebar:state`
 * cookie for 7 days.
 */
import { PanelLeft } from 'lucide-react';
import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { cn } from '@/lib/class-names';
import { readCookie, writeCookie } from '@/lib/cookies';
import { BREAKPOINTS, useViewport } from '@/lib/device';

// The drawer (a Radix dialog) is its own chunk, loaded when first wanted (ADR 0130).
const loadDrawer = () => import('./sidebar-drawer');
const SidebarDrawer = lazy(loadDrawer);
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

function initialOpen(): boolean {
  return readCookie(SIDEBAR_COOKIE_NAME) !== 'false';
}

export function SidebarProvider({
  children,
  className,
  forceMobile = false,
}: {
  children: ReactNode;
  className?: string;
  /** Always use the drawer (the mobile shell), whatever the width. */
  forceMobile?: boolean;
}) {
  const { width } = useViewport();
  const isMobile = forceMobile || width < BREAKPOINTS.tablet;
  const [open, setOpenState] = useState(initialOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeCookie(SIDEBAR_COOKIE_NAME, String(value), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  const style = {
    '--sidebar-width': SIDEBAR_WIDTH,
    '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
    '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
  } as CSSProperties;

  return (
    <SidebarContext.Provider value={value}>
      <div className={cn('flex min-h-svh w-full', className)} style={style}>
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  // Mounted from the first opening on, so closing it animates and gives the focus back.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (isMobile && openMobile && !drawerWanted) setDrawerWanted(true);

  if (isMobile) {
    if (!drawerWanted) return null;
    return (
      <Suspense fallback={null}>
        <SidebarDrawer
          open={openMobile}
          onOpenChange={setOpenMobile}
          label={label}
          width={SIDEBAR_WIDTH_MOBILE}
        >
          {children}
        </SidebarDrawer>
      </Suspense>
    );
  }

  return (
    <div
      className="group peer hidden shrink-0 text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-testid="sidebar"
    >
      <div
        className={cn(
          'sticky top-0 flex h-svh flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear',
          state === 'collapsed' ? 'w-(--sidebar-width-icon)' : 'w-(--sidebar-width)',
        )}
      >
        <nav aria-label={label} className="flex h-full min-h-0 flex-col">
          {children}
        </nav>
      </div>
    </div>
  );
}

export function SidebarTrigger({ className, ...props }: ComponentProps<'button'>) {
  const { toggleSidebar, state, isMobile, openMobile } = useSidebar();
  const expanded = isMobile ? openMobile : state === 'expanded';
  return (
    <button
      type="button"
      data-sidebar="trigger"
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      onClick={toggleSidebar}
      // The drawer's code loads as the finger or pointer comes (ADR 0130).
      onPointerEnter={isMobile ? preloadDrawer : undefined}
      onTouchStart={isMobile ? preloadDrawer : undefined}
      onFocus={isMobile ? preloadDrawer : undefined}
      aria-expanded={expanded}
      title="Toggle sidebar (Ctrl+B)"
      {...props}
    >
      <PanelLeft className="size-5" aria-hidden="true" />
      <span className="sr-only">Toggle sidebar</span>
    </button>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto overflow-x-hidden', className)}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarGroup({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'h2'>) {
  const { state, isMobile } = useSidebar();
  return (
    <h2
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-semibold text-slate-600',
        state === 'collapsed' && !isMobile && 'sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

export interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  asChild?: boolean;
  isActive?: boolean;
}

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  className,
  ...props
}: SidebarMenuButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  const { state, isMobile } = useSidebar();
  const collapsed = state === 'collapsed' && !isMobile;
  return (
    <Comp
      data-active={isActive}
      className={cn(
        'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm outline-hidden transition-colors',
        // An inset ring: an outline would be cut off by the scrolling list (overflow hidden on x).
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        'data-[active=true]:bg-sidebar-accent data-[active=true]:font-semibold data-[active=true]:text-sidebar-accent-foreground',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&>span]:truncate',
        collapsed && 'justify-center px-0 [&>span]:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)} {...props} />;
}
