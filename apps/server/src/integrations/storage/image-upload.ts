/**
 * Image uploads (logo, avatar): the type is read from the file's first bytes, never trusted from the
 * name or the browser's content type, and the size is capped. SVG is refused: it can carry script.
 */
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@hr/shared/image-upload';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';

/** The multipart form of an image upload: one `file` field (its content is checked by `readImageUpload`). */
export const imageUploadFormSchema = z.object({
  file: z.file({ error: IMAGE_MESSAGES.notAnImage }).meta({ type: 'string', format: 'binary' }),
});

export interface DetectedImage {
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  extension: 'png' | 'jpg' | 'gif' | 'webp';
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);

/** PNG, JPEG, GIF or WebP by magic number; null for anything else. */
export function detectImage(bytes: Uint8Array): DetectedImage | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/** Stops an oversized upload while it streams in, before it is buffered (room for the multipart framing). */
export const imageBodyLimit = bodyLimit({
  maxSize: IMAGE_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw imageTooLarge();
  },
});

/**
 * The request part of an image upload route: the gates, the streaming size cap, then the multipart
 * `file` field (validated by the route's declaration; 413 and 400 carry the image messages).
 */
export function imageUploadRequest(...gates: MiddlewareHandler<AppEnv>[]) {
  return {
    middleware: [...gates, imageBodyLimit],
    request: {
      body: {
        content: { 'multipart/form-data': { schema: imageUploadFormSchema } },
        required: true as const,
      },
    },
  };
}

/** Checks the validated `file` field of an upload is a real image within the size cap. */
export async function readImageUpload(file: File): Promise<{ bytes: Uint8Array; image: DetectedImage }> {
  if (file.size > IMAGE_MAX_BYTES) throw imageTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = detectImage(bytes);
  if (!image) throw errors.validation({ file: IMAGE_MESSAGES.notAnImage }, IMAGE_MESSAGES.notAnImage);
  return { bytes, image };
}

/** 413 with the image message (also what the /api body limit answers on the image routes). */
export function imageTooLarge(): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { file: IMAGE_MESSAGES.tooLarge });
}
