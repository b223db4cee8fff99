import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import type { Me } from '@/lib/session';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { Breadcrumbs } from './breadcrumbs';
import { PageOutlet } from './page-outlet';

export function DesktopShell({ me }: { me: Me }) {
  return (
    <SidebarProvider>
      <AppSidebar me={me} />
      <SidebarInset>
        <AppHeader me={me} />
        <Breadcrumbs />
        <main id="main" className="flex-1 p-4 md:p-6">
          <PageOutlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
