/** /hubspot (Super Admins): whether HubSpot is configured, and a link to it. */
import { HubspotStatusCard } from '@/features/hubspot/components/hubspot-status-card';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';

export default function HubspotPage() {
  usePageTitle(routeTitle(paths.hubspot));
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">HubSpot Integration</h1>
      <HubspotStatusCard />
    </section>
  );
}
