/** /hubspot (Super Admins): whether HubSpot is configured, and a link to it. */
import { HubspotStatusCard } from '@/features/hubspot/components/hubspot-status-card';

export default function HubspotPage() {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">HubSpot Integration</h1>
      <HubspotStatusCard />
    </section>
  );
}
