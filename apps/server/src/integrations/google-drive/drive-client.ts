/** Google OAuth 2 and Drive v3 calls with plain fetch. Drive has no paths: folders are found by name. */
import { bearer, type CloudDriveClient, cloudJson, pathSegments, requestTokens } from '../cloud-drive.ts';

export interface DriveConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** The consent page, https://accounts.google.com/o/oauth2/v2/auth. */
  authUrl: string;
  /** The token host, https://oauth2.googleapis.com. */
  oauthUrl: string;
  /** https://www.googleapis.com */
  apiUrl: string;
}

const FOLDER_MIME = 'application/vnd.google-apps.folder';
const SCOPE = 'https://www.googleapis.com/auth/drive.file';
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function createDriveClient(config: DriveConfig): CloudDriveClient {
  const api = config.apiUrl.replace(/\/$/, '');
  const tokenUrl = `${config.oauthUrl.replace(/\/$/, '')}/token`;
  const credentials = () => ({ client_id: config.clientId ?? '', client_secret: config.clientSecret ?? '' });

  async function findOrCreateFolder(accessToken: string, name: string, parent: string): Promise<string> {
    const q = `name = ${quote(name)} and mimeType = '${FOLDER_MIME}' and ${quote(parent)} in parents and trashed = false`;
    const found = await cloudJson<{ files: { id: string }[] }>(
      `${api}/drive/v3/files?${new URLSearchParams({ q, fields: 'files(id,name)', spaces: 'drive' })}`,
      { headers: bearer(accessToken) },
    );
    const existing = found.files[0];
    if (existing) return existing.id;
    const created = await cloudJson<{ id: string }>(`${api}/drive/v3/files?fields=id`, {
      method: 'POST',
      headers: { ...bearer(accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ name, mimeType: FOLDER_MIME, parents: [parent] }),
    });
    return created.id;
  }

  async function folderId(accessToken: string, folderPath: string): Promise<string> {
    let parent = 'root';
    for (const name of pathSegments(folderPath)) parent = await findOrCreateFolder(accessToken, name, parent);
    return parent;
  }

  return {
    configured: Boolean(config.clientId && config.clientSecret),
    authorizeUrl(state, redirectUri) {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId ?? '',
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode(code, redirectUri) {
      return requestTokens(tokenUrl, {
        ...credentials(),
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
    },
    refresh(refreshToken) {
      return requestTokens(
        tokenUrl,
        { ...credentials(), grant_type: 'refresh_token', refresh_token: refreshToken },
        refreshToken,
      );
    },
    async createFolder(accessToken, folderPath) {
      return { id: await folderId(accessToken, folderPath) };
    },
    async upload(accessToken, { folderPath, fileName, data, contentType }) {
      const parent = await folderId(accessToken, folderPath);
      const boundary = `hr-${crypto.randomUUID()}`;
      const metadata = JSON.stringify({ name: fileName, parents: [parent] });
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`),
        Buffer.from(data),
        Buffer.from(`\r\n--${boundary}--`),
      ]);
      return cloudJson<{ id: string }>(`${api}/upload/drive/v3/files?uploadType=multipart&fields=id,name`, {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      });
    },
  };
}
