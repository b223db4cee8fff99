/**
 * "Load more" under a list read in pages, with the count beside it (the approvals, the workshop's
 * Orders and Stock). While the next page loads the button stays where it is, busy and not pressable,
 * so a keyboard user keeps their place; when the last page has come and the button goes, focus moves
 * to the count, which says how many are now shown, instead of falling back to the top of the page.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

export function LoadMore({
  status,
  label,
  hasMore,
  loading,
  onLoad,
  children,
}: {
  /** "Showing 50 of 72", "72 pending". */
  status: string;
  /** The button's text: "Load more", "Load more Orders jobs". */
  label: string;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  /** Shown after the count: a failed page's error, say. */
  children?: ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  // Whether the button had focus when it was last pressed: only then is focus carried to the count.
  const pressedWithFocus = useRef(false);
  const shown = hasMore || loading;

  useEffect(() => {
    if (shown || !pressedWithFocus.current) return;
    pressedWithFocus.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) count.current?.focus();
  }, [shown]);

  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <p
        ref={count}
        tabIndex={-1}
        role="status"
        className="rounded-sm text-sm text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {status}
      </p>
      {shown && (
        <Button
          ref={button}
          variant="outline"
          size="sm"
          className="aria-disabled:cursor-wait aria-disabled:opacity-60"
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          onClick={() => {
            if (loading) return;
            pressedWithFocus.current = document.activeElement === button.current;
            onLoad();
          }}
        >
          {loading ? 'Loading...' : label}
        </Button>
      )}
      {children}
    </div>
  );
}
