/** Reads the `crossApp` context a sister app sends the user back with: base64url JSON, no secrets. */
import { type ReturnContext, returnContextSchema } from '@hr/shared/cross-app/cross-app.schemas';

export function parseReturnContext(raw: string): ReturnContext | null {
  try {
    const json = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = returnContextSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { returnUrl } = parsed.data;
    // Only http(s) links may be followed by Go Back.
    if (returnUrl && !/^https?:\/\//i.test(returnUrl)) return { source: parsed.data.source };
    return parsed.data;
  } catch {
    return null;
  }
}

export function encodeReturnContext(context: ReturnContext): string {
  return btoa(JSON.stringify(context)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
