import { useMobileLayout } from '@/lib/device';
import type { Me } from '@/lib/session';
import { DesktopShell } from './desktop-shell';
import { MobileShell } from './mobile-shell';

/** Phones and portrait tablets get the mobile shell; everything else the desktop shell. */
export function AppLayout({ me }: { me: Me }) {
  return useMobileLayout() ? <MobileShell me={me} /> : <DesktopShell me={me} />;
}
