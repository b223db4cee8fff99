import { IMAGE_MESSAGES } from '@hr/shared/image-upload';
import { fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploadButton } from './image-upload-button';

function renderButton(pending = false) {
  const onImage = vi.fn();
  render(
    <>
      <ImageUploadButton
        label="Upload Logo"
        inputLabel="Upload company logo"
        icon={null}
        pending={pending}
        onImage={onImage}
      />
      <Toaster />
    </>,
  );
  const input = screen.getByLabelText('Upload company logo') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { onImage, input, pick };
}

describe('ImageUploadButton', () => {
  it("hands an image on, and refuses anything else with the server's words before any upload", async () => {
    const { onImage, pick } = renderButton();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    pick(png);
    expect(onImage).toHaveBeenCalledWith(png);
    pick(new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(onImage).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(IMAGE_MESSAGES.notAnImage)).toBeTruthy();
  });

  it('opens the file picker from the button', () => {
    const { input } = renderButton();
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Upload Logo' }));
    expect(click).toHaveBeenCalled();
  });

  it('is disabled and reads Uploading... while an upload runs', () => {
    renderButton(true);
    const button = screen.getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
