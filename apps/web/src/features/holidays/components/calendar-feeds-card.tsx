/**
 * Calendar feeds (issue 19, ADR 0099): create a secret iCalendar URL (my leave, my team, the whole
 * company; optionally bank holidays), copy it once, list and revoke. Whether employees may subscribe to
 * the whole company is a Company Settings switch (settings feature).
 */
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_SCOPE_LABELS,
  type CalendarFeedScope,
} from '@hr/shared/calendar-feeds/calendar-feed-constants';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feeds';
import { formatDate } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';

export function CalendarFeedsCard() {
  const feeds = useCalendarFeeds();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [scope, setScope] = useState<CalendarFeedScope>('me');
  const [bankHolidays, setBankHolidays] = useState(false);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const scopeId = useId();
  const bankId = useId();
  const urlId = useId();

  const allowed = feeds.data?.allowedScopes ?? ['me'];
  const chosen = allowed.includes(scope) ? scope : 'me';

  const submit = () =>
    create.mutate(
      { scope: chosen, includeBankHolidays: bankHolidays },
      {
        onSuccess: (created) => {
          setCreatedUrl(created.url);
          notify.success(CALENDAR_FEED_MESSAGES.created);
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to create the calendar feed')),
      },
    );

  const copy = async () => {
    if (!createdUrl) return;
    try {
      await navigator.clipboard.writeText(createdUrl);
      notify.success(CALENDAR_FEED_MESSAGES.copied);
    } catch {
      notify.error('Copy failed: select the URL and copy it yourself');
    }
  };

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Calendar feeds</CardTitle>
        <CardDescription>
          Subscribe to approved leave in Outlook, Google or Apple Calendar. Anyone with a feed URL can read
          it: keep it secret, and revoke it if it leaks.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid min-w-0 flex-1 basis-40 gap-1.5">
            <Label htmlFor={scopeId}>Feed</Label>
            <NativeSelect
              id={scopeId}
              value={chosen}
              onChange={(event) => setScope(event.target.value as CalendarFeedScope)}
            >
              {allowed.map((s) => (
                <option key={s} value={s}>
                  {CALENDAR_FEED_SCOPE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex h-10 items-center gap-2">
            <Checkbox
              id={bankId}
              checked={bankHolidays}
              onCheckedChange={(checked) => setBankHolidays(checked === true)}
            />
            <Label htmlFor={bankId}>Include bank holidays</Label>
          </div>
          <Button type="submit" disabled={create.isPending || feeds.isPending}>
            Create feed URL
          </Button>
        </form>

        {createdUrl && (
          <div className="grid gap-1.5 rounded-md border p-3">
            <Label htmlFor={urlId}>Your new feed URL (shown only once)</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={urlId}
                readOnly
                value={createdUrl}
                className="min-w-0 flex-1 basis-56 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                Copy URL
              </Button>
            </div>
          </div>
        )}

        {feeds.isPending ? (
          <LoadingRows label="Loading calendar feeds" />
        ) : feeds.isError ? (
          <LoadError title="Failed to load calendar feeds" detail={errorMessage(feeds.error)} query={feeds} />
        ) : feeds.data.items.length === 0 ? (
          <EmptyState>No calendar feeds yet</EmptyState>
        ) : (
          <ul className="grid gap-2" aria-label="My calendar feeds">
            {feeds.data.items.map((feed) => (
              <li
                key={feed.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {CALENDAR_FEED_SCOPE_LABELS[feed.scope]}
                    {feed.includeBankHolidays ? ', with bank holidays' : ''}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Created {formatDate(feed.createdAt.slice(0, 10))}
                    {feed.revokedAt ? ` · Revoked ${formatDate(feed.revokedAt.slice(0, 10))}` : ' · Active'}
                  </p>
                </div>
                {!feed.revokedAt && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${CALENDAR_FEED_SCOPE_LABELS[feed.scope]} feed created ${formatDate(feed.createdAt.slice(0, 10))}`}
                    onClick={() =>
                      revoke.mutate(feed.id, {
                        onSuccess: () => notify.success(CALENDAR_FEED_MESSAGES.revoked),
                        onError: (error) => notify.error(errorMessage(error, 'Failed to revoke the feed')),
                      })
                    }
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
