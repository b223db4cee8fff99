/** Image uploads (company logo, profile picture): the limits and messages both sides use. No zod here. */

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  notAnImage: 'Please select an image file',
  tooLarge: 'The image must be 2 MB or smaller',
} as const;
