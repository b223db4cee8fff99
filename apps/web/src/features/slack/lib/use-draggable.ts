/** Drags a fixed-position box by a handle (pointer), or with the arrow keys when the handle has focus. */
import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';

export interface Position {
  x: number;
  y: number;
}

const KEY_STEP = 20;

export function clampToViewport(position: Position, size: { width: number; height: number }): Position {
  const maxX = Math.max(0, window.innerWidth - size.width);
  const maxY = Math.max(0, window.innerHeight - size.height);
  return { x: Math.min(Math.max(0, position.x), maxX), y: Math.min(Math.max(0, position.y), maxY) };
}

export function useDraggable(initial: () => Position, size: { width: number; height: number }) {
  const [position, setPosition] = useState<Position>(() => clampToViewport(initial(), size));
  const start = useRef<{ pointer: Position; box: Position } | null>(null);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      // The title bar's buttons (minimise, close) click; only the bar itself and the grip drag.
      const button = (event.target as HTMLElement).closest('button');
      if (button && !button.getAttribute('aria-label')?.startsWith('Move')) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      start.current = { pointer: { x: event.clientX, y: event.clientY }, box: position };
    },
    [position],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      if (!from) return;
      setPosition(
        clampToViewport(
          { x: from.box.x + event.clientX - from.pointer.x, y: from.box.y + event.clientY - from.pointer.y },
          size,
        ),
      );
    },
    [size],
  );

  const onPointerUp = useCallback(() => {
    start.current = null;
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const moves: Record<string, Position> = {
        ArrowLeft: { x: -KEY_STEP, y: 0 },
        ArrowRight: { x: KEY_STEP, y: 0 },
        ArrowUp: { x: 0, y: -KEY_STEP },
        ArrowDown: { x: 0, y: KEY_STEP },
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setPosition((p) => clampToViewport({ x: p.x + move.x, y: p.y + move.y }, size));
    },
    [size],
  );

  return { position, setPosition, handleProps: { onPointerDown, onPointerMove, onPointerUp, onKeyDown } };
}
