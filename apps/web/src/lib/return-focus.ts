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

/** The button that opened a menu: Radix labels the menu with its trigger's id. */
function menuTriggerOf(element: Element): HTMLElement | null {
  const id = element.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return id ? document.getElementById(id) : null;
}

/**
 * The trigger of the menu whose item was chosen last, until the user's next key or pointer press.
 * A dialog opened from a menu item mounts after the menu (and the focused item) is gone, so focus
 * is on <body> by then; this is what the dialog gives focus back to.
 */
let chosenMenuTrigger: HTMLElement | null = null;

/** Called by a menu item when chosen (components/ui/dropdown-menu). */
export function rememberMenuTrigger(item: Element): void {
  chosenMenuTrigger = menuTriggerOf(item);
  const forget = () => {
    chosenMenuTrigger = null;
  };
  // Added while the choosing key or pointer event is past the document: the next press clears it.
  document.addEventListener('keydown', forget, { capture: true, once: true });
  document.addEventListener('pointerdown', forget, { capture: true, once: true });
}

/** What opened a dialog: the focused element, or for a menu item the menu's trigger. */
function openerOf(active: Element | null): HTMLElement | null {
  if (active instanceof HTMLElement && active !== document.body) {
    return active.closest('[role="menu"]') ? (menuTriggerOf(active) ?? active) : active;
  }
  return chosenMenuTrigger?.isConnected ? chosenMenuTrigger : null;
}

const FIELDS = [
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="combobox"]',
  '[contenteditable="true"]',
].join(', ');

/**
 * Focus on opening, the same in every dialog: its first field, else its heading (the title Radix
 * labels it with). Never a close, Cancel or destructive button first.
 */
function firstField(dialog: HTMLElement): HTMLElement | undefined {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FIELDS)).find(isFocusable);
}

export function focusFirstFieldOrHeading(dialog: HTMLElement): HTMLElement | null {
  const field = firstField(dialog);
  const titleId = dialog.getAttribute('aria-labelledby');
  const heading = titleId ? document.getElementById(titleId) : dialog.querySelector<HTMLElement>(HEADINGS);
  for (const candidate of [field, heading, dialog]) {
    if (!candidate || !isFocusable(candidate)) continue;
    if (candidate !== field && !candidate.hasAttribute('tabindex')) candidate.setAttribute('tabindex', '-1');
    candidate.focus({ preventScroll: true });
    if (document.activeElement !== candidate) continue;
    if (candidate !== field) focusFieldWhenLoaded(dialog, candidate);
    return candidate;
  }
  return null;
}

/**
 * A form that loads its options first (a spinner, then the fields) opened on its heading: when the
 * first field appears and focus has not moved meanwhile, it goes there, as if it had been there.
 */
function focusFieldWhenLoaded(dialog: HTMLElement, resting: HTMLElement): void {
  if (typeof MutationObserver !== 'function') return;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== resting || !dialog.isConnected) {
      observer.disconnect();
      return;
    }
    const field = firstField(dialog);
    if (!field) return;
    observer.disconnect();
    field.focus({ preventScroll: true });
  });
  observer.observe(dialog, { childList: true, subtree: true });
}

/**
 * The two auto-focus handlers for a Radix dialog's content: on open remember the opener and focus
 * the first field or the heading (`focusOnOpen`, dialogs; the navigation drawer keeps Radix's
 * first link), on close return focus to the opener.
 */
export function useReturnFocus<E extends Event>(
  handlers: {
    onOpenAutoFocus?: (event: E) => void;
    onCloseAutoFocus?: (event: E) => void;
  },
  { focusOnOpen = true }: { focusOnOpen?: boolean } = {},
) {
  const trigger = useRef<HTMLElement | null>(null);
  const fallback = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: E) => {
      // Runs before focus moves into the dialog: the active element is what opened it.
      trigger.current = openerOf(document.activeElement);
      chosenMenuTrigger = null;
      fallback.current = trigger.current ? nearestHeading(trigger.current) : null;
      handlers.onOpenAutoFocus?.(event);
      if (!focusOnOpen || event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
      event.preventDefault();
      focusFirstFieldOrHeading(event.target);
    },
    onCloseAutoFocus: (event: E) => {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      returnFocus(trigger.current, fallback.current);
    },
  };
}
