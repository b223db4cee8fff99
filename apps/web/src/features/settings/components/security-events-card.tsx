/**
 * Security events of the company (read-only): sign-ins, password and role changes, removals, and
 * every time a developer (platform staff) switched into the company. ADR 0047.
 */
import { SECURITY_EVENT_LABELS } from '@hr/shared/settings/settings.schemas';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSecurityEvents } from '../api/get-security-events';

export function SecurityEventsCard() {
  const events = useSecurityEvents();
  const { data, isPending, isError } = events;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security events</CardTitle>
        <CardDescription>
          The latest 100 sign-ins, password and role changes, removals and developer access to this company.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading security events" />
        ) : isError ? (
          <LoadError title="Security events could not be loaded." query={events} />
        ) : data.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">No security events yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>User</TableHead>
                <TableHead>IP address</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell className="whitespace-nowrap">
                    {new Date(event.createdAt).toLocaleString()}
                  </TableCell>
                  <TableCell>
                    <span className="block font-medium">{SECURITY_EVENT_LABELS[event.action]}</span>
                    {event.detail && (
                      <span className="block text-xs text-muted-foreground">{event.detail}</span>
                    )}
                  </TableCell>
                  <TableCell>{event.email ?? '-'}</TableCell>
                  <TableCell>{event.ipAddress ?? '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
