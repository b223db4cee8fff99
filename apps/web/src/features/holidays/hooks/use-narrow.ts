import { useViewport } from '@/lib/device';

/**
 * Under `width` px wide (640 by default) tables become lists: the mobile shell shows this page on
 * phones, and the wider tables need the room of a desktop.
 */
export function useNarrow(width = 640): boolean {
  return useViewport().width < width;
}
