/** Quick Actions: the three tiles of the spec, each a button that opens its tab. */
import { CalendarDays, CalendarPlus, ListChecks, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export type QuickAction = 'request' | 'calendar' | 'requests';

const TILES: Array<{ action: QuickAction; title: string; description: string; icon: LucideIcon }> = [
  { action: 'request', title: 'Request Holiday', description: 'Book time off', icon: CalendarPlus },
  { action: 'calendar', title: 'View Calendar', description: 'See who is away', icon: CalendarDays },
  { action: 'requests', title: 'My Requests', description: 'Follow their status', icon: ListChecks },
];

export function QuickActionsCard({
  onAction,
  onIntent,
}: {
  onAction: (action: QuickAction) => void;
  /** A tile is pointed at or focused: its tab's code may start loading (ADR 0130). */
  onIntent?: (action: QuickAction) => void;
}) {
  return (
    <Card className="h-full">
      <CardHeader className="pb-4">
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-3">
          {TILES.map(({ action, title, description, icon: Icon }) => (
            <li key={action}>
              <button
                type="button"
                onClick={() => onAction(action)}
                onPointerEnter={() => onIntent?.(action)}
                onFocus={() => onIntent?.(action)}
                className="flex h-full w-full items-center gap-3 rounded-md border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:flex-col sm:items-start sm:gap-2"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm font-semibold">{title}</span>
                  <span className="text-xs text-muted-foreground">{description}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
