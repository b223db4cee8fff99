/**
 * A widget of the signed-in shell whose code loads when it is first wanted, not with the shell
 * (ADR 0130): the notification panel, the user menu. Until then the shell draws a stand-in button
 * with the same look and name; pointing at it, focusing or touching it starts the load, pressing it
 * also asks for the widget open. When the code arrives the real trigger takes the stand-in's place,
 * and takes the keyboard focus with it when the stand-in had it.
 */
import { type ComponentType, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface LazyWidget<P> {
  /** Starts the load once; a failed load may be tried again. */
  preload(): Promise<ComponentType<P>>;
  /** The component once loaded, else null. */
  loaded(): ComponentType<P> | null;
  /** Called once, when the component has loaded; returns the unsubscriber. */
  onLoad(listener: (component: ComponentType<P>) => void): () => void;
}

export function lazyWidget<P>(load: () => Promise<ComponentType<P>>): LazyWidget<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const listeners = new Set<(component: ComponentType<P>) => void>();
  return {
    preload() {
      pending ??= load().then(
        (loaded) => {
          component = loaded;
          for (const listener of [...listeners]) listener(loaded);
          listeners.clear();
          return loaded;
        },
        (error: unknown) => {
          // Offline or a deploy replaced the chunk: the next press tries again.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
    onLoad(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Starts the load, ignoring a failure (the stand-in stays, and the next press tries again). */
export function preloadWidget<P>(widget: LazyWidget<P>): void {
  void widget.preload().catch(() => undefined);
}

/**
 * The widget's component once loaded (null before), for a caller that shows a stand-in until then.
 * `standIn` is the stand-in's element and `trigger` the real trigger's: when the stand-in had the
 * focus as it was replaced, the real trigger gets it.
 */
export function useLazyWidget<P>(
  widget: LazyWidget<P>,
  standIn: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(() => widget.loaded());
  const handFocus = useRef(false);
  useEffect(() => {
    if (component) return;
    const current = widget.loaded();
    if (current) {
      setComponent(() => current);
      return;
    }
    return widget.onLoad((loaded) => {
      // Read before the swap: the stand-in is still in the page and may have the focus.
      handFocus.current = standIn.current !== null && document.activeElement === standIn.current;
      setComponent(() => loaded);
    });
  }, [component, widget, standIn]);
  useLayoutEffect(() => {
    if (!component || !handFocus.current) return;
    handFocus.current = false;
    trigger.current?.focus({ preventScroll: true });
  }, [component, trigger]);
  return component;
}
