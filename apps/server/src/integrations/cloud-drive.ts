/** What the Microsoft Graph and Google Drive clients share: tokens, errors, the OAuth token call. */

export interface CloudTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

/** A provider call that failed: HTTP status and the provider's own error code and message. */
export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'CloudApiError';
  }
}

export interface CloudDriveClient {
  configured: boolean;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<CloudTokens>;
  refresh(refreshToken: string): Promise<CloudTokens>;
  /** Creates every missing folder of `folderPath`; existing ones are kept. */
  createFolder(accessToken: string, folderPath: string): Promise<{ id: string }>;
  upload(
    accessToken: string,
    input: { folderPath: string; fileName: string; data: Uint8Array; contentType: string },
  ): Promise<{ id: string }>;
}

/** Reads `{ error: { code, message } }` (Graph, Drive) or `{ error, error_description }` (OAuth). */
export async function readCloudError(response: Response): Promise<CloudApiError> {
  const body = (await response.json().catch(() => ({}))) as {
    error?: string | { code?: string | number; message?: string; status?: string };
    error_description?: string;
  };
  if (typeof body.error === 'string') {
    return new CloudApiError(response.status, body.error, body.error_description ?? body.error);
  }
  const code = body.error?.status ?? String(body.error?.code ?? response.status);
  return new CloudApiError(response.status, code, body.error?.message ?? `HTTP ${response.status}`);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (cause) {
    throw new CloudApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
}

/** A JSON call that throws CloudApiError on a non-2xx answer. */
export async function cloudJson<T>(url: string, init: RequestInit): Promise<T> {
  const response = await send(url, init);
  if (!response.ok) throw await readCloudError(response);
  return (await response.json()) as T;
}

/** The OAuth 2 token endpoint both providers share the shape of (RFC 6749 section 5). */
export async function requestTokens(
  tokenUrl: string,
  form: Record<string, string>,
  previousRefreshToken: string | null = null,
): Promise<CloudTokens> {
  const body = await cloudJson<{ access_token: string; refresh_token?: string; expires_in?: number }>(
    tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    },
  );
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? previousRefreshToken,
    expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const pathSegments = (folderPath: string) => folderPath.split('/').filter(Boolean);
