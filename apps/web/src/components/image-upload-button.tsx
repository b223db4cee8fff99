/**
 * An Upload button for one image (the company logo, the profile picture): a hidden file input, the
 * image-type check before anything is sent, and the busy label while the upload runs. The server
 * checks the file again (type by content, size); this only spares a round trip for the obvious case.
 */
import { IMAGE_MESSAGES } from '@hr/shared/image-upload';
import { type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';

export function ImageUploadButton({
  label,
  inputLabel,
  icon,
  pending,
  onImage,
}: {
  /** The button's text, e.g. Upload Logo. */
  label: string;
  /** The accessible name of the file input itself (what tests and assistive tech pick files with). */
  inputLabel: string;
  icon: ReactNode;
  pending: boolean;
  onImage: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared at once, so choosing the same file again still fires a change.
          event.target.value = '';
          if (!file) return;
          if (!file.type.startsWith('image/')) {
            notify.error(IMAGE_MESSAGES.notAnImage);
            return;
          }
          onImage(file);
        }}
      />
      <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={pending}>
        {icon}
        {pending ? 'Uploading...' : label}
      </Button>
    </>
  );
}
