import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import type { Me } from '@/lib/session';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { Breadcrumbs } from './breadcrumbs';
import { PageOutlet } from './page-outlet';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

export function DesktopShell({ me }: { me: Me }) {
  return (
    <SidebarProvider>
      <SkipLink />
      <AppSidebar me={me} />
      <SidebarInset>
        <AppHeader me={me} />
        <Breadcrumbs />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 outline-hidden md:p-6">
          <PageOutlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
