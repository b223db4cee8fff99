import { act, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, type Ref, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type LazyWidget, lazyWidget, preloadWidget, useLazyWidget } from './lazy-widget';

interface RealProps {
  open: boolean;
  triggerRef: Ref<HTMLButtonElement>;
}

function Real({ open, triggerRef }: RealProps) {
  return (
    <>
      <button ref={triggerRef} type="button" data-real="">
        Menu
      </button>
      {open && <p>Opened</p>}
    </>
  );
}

/** A widget whose load the test finishes by hand. */
function deferredWidget() {
  let finish: (component: ComponentType<RealProps>) => void = () => undefined;
  let calls = 0;
  const widget = lazyWidget<RealProps>(() => {
    calls += 1;
    return new Promise((resolve) => {
      finish = resolve;
    });
  });
  return { widget, finish: (component = Real) => finish(component), calls: () => calls };
}

function Host({ widget }: { widget: LazyWidget<RealProps> }) {
  const [open, setOpen] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const Loaded = useLazyWidget(widget, standIn, trigger);
  if (Loaded) return <Loaded open={open} triggerRef={trigger} />;
  return (
    <button
      ref={standIn}
      type="button"
      onFocus={() => preloadWidget(widget)}
      onClick={() => {
        setOpen(true);
        preloadWidget(widget);
      }}
    >
      Menu
    </button>
  );
}

describe('lazyWidget (ADR 0130)', () => {
  it('loads once, on the first focus, and hands the focus to the real trigger', async () => {
    const { widget, finish, calls } = deferredWidget();
    render(<Host widget={widget} />);
    const standIn = screen.getByRole('button', { name: 'Menu' });
    expect(calls()).toBe(0);
    act(() => standIn.focus());
    act(() => standIn.blur());
    act(() => standIn.focus());
    expect(calls()).toBe(1);
    await act(async () => finish());
    const real = screen.getByRole('button', { name: 'Menu' });
    expect(real.hasAttribute('data-real')).toBe(true);
    expect(document.activeElement).toBe(real);
  });

  it('opens once loaded when pressed before, and leaves the focus alone when the stand-in had none', async () => {
    const { widget, finish } = deferredWidget();
    render(
      <>
        <input aria-label="Elsewhere" />
        <Host widget={widget} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    expect(screen.queryByText('Opened')).toBeNull();
    await act(async () => finish());
    expect(screen.getByText('Opened')).toBeTruthy();
    expect(document.activeElement).toBe(elsewhere);
  });

  it('renders the real widget at once when its code is already in, and may retry a failed load', async () => {
    let attempts = 0;
    const widget = lazyWidget<RealProps>(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Real);
    });
    await expect(widget.preload()).rejects.toThrow('offline');
    await expect(widget.preload()).resolves.toBe(Real);
    render(<Host widget={widget} />);
    expect(screen.getByRole('button', { name: 'Menu' }).hasAttribute('data-real')).toBe(true);
  });
});
