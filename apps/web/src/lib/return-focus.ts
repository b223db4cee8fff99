/**
 * Where keyboard focus goes when a dialog closes. Radix returns it only to a Dialog.Trigger; our
 * dialogs are mostly opened from plain buttons (a table row's Delete, Approve), so without this the
 * focus fell to <body> and a keyboard user started again from the top of the page.
 */
import { useRef } from 'react';

const HEADINGS = 'h1, h2, h3';

function isFocusable(element: HTMLElement): boolean {
  if (!element.isConnected) return false;
  if (element.matches(':disabled') || element.closest('[inert]')) return false;
  // A hidden element (display none on it or an ancestor) has no layout box. jsdom lays nothing
  // out, so there the check is skipped.
  return element.getClientRects().length > 0 || document.body.getClientRects().length === 0;
}

/** The nearest heading above the trigger: the table's or card's title, else the page's. */
export function nearestHeading(trigger: Element): HTMLElement | null {
  let node: Element | null = trigger.parentElement;
  while (node && node !== document.body) {
    const heading = node.querySelector<HTMLElement>(HEADINGS);
    if (heading && !trigger.contains(heading)) return heading;
    node = node.parentElement;
  }
  return null;
}

/** Focuses the trigger if it is still there, else the heading captured with it, else the page's main. */
export function returnFocus(trigger: HTMLElement | null, fallback: HTMLElement | null): HTMLElement | null {
  const candidates = [
    trigger,
    fallback,
    document.querySelector<HTMLElement>('main h1'),
    document.querySelector<HTMLElement>('main'),
  ];
  for (const candidate of candidates) {
    if (!candidate || !isFocusable(candidate)) continue;
    // A heading or the main region is not in the tab order: it may take focus, not a Tab stop.
    if (candidate !== trigger && !candidate.hasAttribute('tabindex'))
      candidate.setAttribute('tabindex', '-1');
    candidate.focus({ preventScroll: false });
    if (document.activeElement === candidate) return candidate;
  }
  return null;
}

/** The two auto-focus handlers for a Radix dialog's content: remember on open, return on close. */
export function useReturnFocus<E extends Event>(handlers: {
  onOpenAutoFocus?: (event: E) => void;
  onCloseAutoFocus?: (event: E) => void;
}) {
  const trigger = useRef<HTMLElement | null>(null);
  const fallback = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: E) => {
      // Runs before focus moves into the dialog: the active element is what opened it.
      const active = document.activeElement;
      trigger.current = active instanceof HTMLElement && active !== document.body ? active : null;
      fallback.current = trigger.current ? nearestHeading(trigger.current) : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: E) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      returnFocus(trigger.current, fallback.current);
    },
  };
}
