/** Microsoft identity platform (OAuth 2 v2.0 endpoints) and Graph OneDrive calls with plain fetch. */
import {
  bearer,
  CloudApiError,
  type CloudDriveClient,
  cloudJson,
  pathSegments,
  readCloudError,
  requestTokens,
} from '../cloud-drive.ts';

export interface GraphConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  loginUrl: string;
  graphUrl: string;
}

const SCOPES = 'offline_access Files.ReadWrite';
const encodePath = (path: string) => pathSegments(path).map(encodeURIComponent).join('/');

export function createGraphClient(config: GraphConfig): CloudDriveClient {
  const login = `${config.loginUrl.replace(/\/$/, '')}/common/oauth2/v2.0`;
  const graph = config.graphUrl.replace(/\/$/, '');
  const credentials = () => ({ client_id: config.clientId ?? '', client_secret: config.clientSecret ?? '' });

  return {
    configured: Boolean(config.clientId && config.clientSecret),
    authorizeUrl(state, redirectUri) {
      const url = new URL(`${login}/authorize`);
      url.search = new URLSearchParams({
        client_id: config.clientId ?? '',
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: SCOPES,
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode(code, redirectUri) {
      return requestTokens(`${login}/token`, {
        ...credentials(),
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        scope: SCOPES,
      });
    },
    refresh(refreshToken) {
      return requestTokens(
        `${login}/token`,
        { ...credentials(), grant_type: 'refresh_token', refresh_token: refreshToken, scope: SCOPES },
        refreshToken,
      );
    },
    async createFolder(accessToken, folderPath) {
      let parent = '';
      let id = '';
      for (const name of pathSegments(folderPath)) {
        const url = parent
          ? `${graph}/me/drive/root:/${encodePath(parent)}:/children`
          : `${graph}/me/drive/root/children`;
        const response = await fetch(url, {
          method: 'POST',
          headers: { ...bearer(accessToken), 'content-type': 'application/json' },
          body: JSON.stringify({ name, folder: {}, '@microsoft.graph.conflictBehavior': 'fail' }),
        }).catch((cause: Error) => {
          throw new CloudApiError(0, 'network_error', cause.message);
        });
        parent = parent ? `${parent}/${name}` : name;
        if (response.status === 409) {
          // nameAlreadyExists: keep the folder that is there.
          const existing = await cloudJson<{ id: string }>(`${graph}/me/drive/root:/${encodePath(parent)}`, {
            headers: bearer(accessToken),
          });
          id = existing.id;
          continue;
        }
        if (!response.ok) throw await readCloudError(response);
        id = ((await response.json()) as { id: string }).id;
      }
      return { id };
    },
    async upload(accessToken, { folderPath, fileName, data, contentType }) {
      const target = encodePath([folderPath, fileName].join('/'));
      // Simple upload (up to 250 MB); Graph creates missing parent folders itself.
      return cloudJson<{ id: string }>(`${graph}/me/drive/root:/${target}:/content`, {
        method: 'PUT',
        headers: { ...bearer(accessToken), 'content-type': contentType },
        body: data,
      });
    },
  };
}
