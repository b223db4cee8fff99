/**
 * Company Settings > Calendar feeds (ADR 0099): whether employees may subscribe to the whole company's
 * calendar feed (super admins always may). Super admins only; disabled at View level.
 */
import { useId } from 'react';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCalendarFeedSettings, useSaveCalendarFeedSettings } from '../api/calendar-feed-settings';

export function CalendarFeedSettingCard({ readOnly = false }: { readOnly?: boolean }) {
  const id = useId();
  const settings = useCalendarFeedSettings(true);
  const save = useSaveCalendarFeedSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feeds</CardTitle>
        <CardDescription>
          Everyone can subscribe to their own and their team's leave. Super admins can always subscribe to the
          whole company; choose whether employees can too (absence types show as "Away" to them).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading the calendar feed setting" />
        ) : settings.isError ? (
          <LoadError
            title="Failed to load the calendar feed setting"
            detail={errorMessage(settings.error)}
            query={settings}
          />
        ) : (
          <div className="flex items-center gap-3">
            <Switch
              id={id}
              checked={settings.data.companyFeedForEmployees}
              disabled={readOnly || save.isPending}
              onCheckedChange={(checked) =>
                save.mutate(
                  { companyFeedForEmployees: checked },
                  {
                    onSuccess: () => notify.success('Calendar feed setting saved'),
                    onError: (error) => notify.error(errorMessage(error, 'Failed to save the setting')),
                  },
                )
              }
            />
            <Label htmlFor={id} className="leading-snug">
              Employees may subscribe to the whole company calendar
            </Label>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
