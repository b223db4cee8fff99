/** The floating, draggable Slack chat: 560x600 open, 320x56 minimised (the chat window's sizes). */
import { GripVertical, Maximize2, MessageSquare, Minus, X } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { clampToViewport, useDraggable } from '../lib/use-draggable';
import { ChatPanel } from './chat-panel';

export type ChatWindowMode = 'hidden' | 'open' | 'minimised';

export const CHAT_SIZE = { width: 560, height: 600 } as const;
export const CHAT_MINIMISED_SIZE = { width: 320, height: 56 } as const;
const MARGIN = 16;

export function ChatWindow({
  userId,
  mode,
  onModeChange,
}: {
  userId: string;
  mode: Exclude<ChatWindowMode, 'hidden'>;
  onModeChange: (mode: ChatWindowMode) => void;
}) {
  const size = mode === 'minimised' ? CHAT_MINIMISED_SIZE : CHAT_SIZE;
  const { position, setPosition, handleProps } = useDraggable(
    () => ({
      x: window.innerWidth - CHAT_SIZE.width - MARGIN,
      y: window.innerHeight - CHAT_SIZE.height - MARGIN,
    }),
    size,
  );

  // Keep the window on screen when it changes size or the viewport does.
  useEffect(() => {
    const fit = () => setPosition((p) => clampToViewport(p, size));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [size, setPosition]);

  return createPortal(
    <section
      aria-label="Slack chat"
      data-testid="slack-chat-window"
      data-mode={mode}
      className="fixed z-50 flex max-h-svh max-w-[100vw] flex-col overflow-hidden rounded-lg border bg-background shadow-2xl"
      style={{ left: position.x, top: position.y, width: size.width, height: size.height }}
    >
      <div
        onPointerDown={handleProps.onPointerDown}
        onPointerMove={handleProps.onPointerMove}
        onPointerUp={handleProps.onPointerUp}
        data-testid="slack-chat-handle"
        className="flex h-14 shrink-0 cursor-move touch-none select-none items-center gap-2 border-b bg-primary px-3 text-primary-foreground"
      >
        <button
          type="button"
          onKeyDown={handleProps.onKeyDown}
          aria-label="Move chat window (arrow keys)"
          className="-ml-1 cursor-move rounded p-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        <MessageSquare className="size-4" aria-hidden="true" />
        <h2 className="flex-1 text-sm font-semibold">Slack Chat</h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
          aria-label={mode === 'minimised' ? 'Restore chat' : 'Minimise chat'}
          onClick={() => onModeChange(mode === 'minimised' ? 'open' : 'minimised')}
        >
          {mode === 'minimised' ? <Maximize2 aria-hidden="true" /> : <Minus aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground"
          aria-label="Close chat"
          onClick={() => onModeChange('hidden')}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {/* Kept mounted while minimised so the selection survives; polling stops (active=false). */}
      <div className={mode === 'minimised' ? 'hidden' : 'flex min-h-0 flex-1'}>
        <ChatPanel userId={userId} active={mode === 'open'} />
      </div>
    </section>,
    document.body,
  );
}
