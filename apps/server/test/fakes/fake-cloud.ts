/**
 * Fakes of the Microsoft identity platform + Graph (OneDrive) and Google OAuth 2 + Drive v3: the
 * consent redirect, the token endpoint (codes, refresh), the folder and upload calls we make, and
 * the providers' error bodies (401 on an expired token, OAuth invalid_grant, quota failures).
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeServer, formOrJson, type RecordedRequest, sendJson, startFakeServer } from './http-fake.ts';

export const FAKE_CLOUD_CLIENT = { id: 'fake-cloud-client-id', secret: 'fake-cloud-client-secret' };

/** Tokens one fake provider has issued, and the knobs tests turn. */
class TokenDesk {
  codes = new Set<string>();
  accessTokens = new Set<string>();
  refreshTokens = new Set<string>();
  issued: string[] = [];
  /** Make the next upload fail with the provider's quota error. */
  failUploads = false;

  newCode(): string {
    const code = `code-${randomBytes(6).toString('hex')}`;
    this.codes.add(code);
    return code;
  }

  /** Expires every access token: the next call answers 401 until the client refreshes. */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  authorized(req: RecordedRequest): boolean {
    return this.accessTokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
  }

  consent(req: RecordedRequest, res: ServerResponse): void {
    const redirect = new URL(req.query.get('redirect_uri') ?? '');
    if (req.query.get('client_id') !== FAKE_CLOUD_CLIENT.id)
      redirect.searchParams.set('error', 'unauthorized_client');
    else redirect.searchParams.set('code', this.newCode());
    redirect.searchParams.set('state', req.query.get('state') ?? '');
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  /** RFC 6749 token endpoint: authorization_code and refresh_token grants. */
  token(
    req: RecordedRequest,
    res: ServerResponse,
    errorBody: (description: string) => Record<string, unknown>,
  ) {
    const form = formOrJson(req);
    if (form.client_id !== FAKE_CLOUD_CLIENT.id || form.client_secret !== FAKE_CLOUD_CLIENT.secret) {
      return sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'Invalid client secret provided.',
      });
    }
    const ok =
      (form.grant_type === 'authorization_code' && form.code !== undefined && this.codes.delete(form.code)) ||
      (form.grant_type === 'refresh_token' &&
        form.refresh_token !== undefined &&
        this.refreshTokens.has(form.refresh_token));
    if (!ok)
      return sendJson(
        res,
        400,
        errorBody('The provided authorization grant is invalid, expired or revoked.'),
      );
    const accessToken = `at-${randomBytes(10).toString('hex')}`;
    const refreshToken = `rt-${randomBytes(10).toString('hex')}`;
    this.accessTokens.add(accessToken);
    this.refreshTokens.add(refreshToken);
    this.issued.push(accessToken, refreshToken);
    sendJson(res, 200, {
      token_type: 'Bearer',
      scope: 'Files.ReadWrite',
      expires_in: 3599,
      access_token: accessToken,
      refresh_token: refreshToken,
    });
  }
}

export interface FakeCloud extends FakeServer {
  desk: TokenDesk;
  folders: Set<string>;
  files: Map<string, Buffer>;
}

export interface FakeMicrosoft extends FakeCloud {
  loginUrl: string;
  graphUrl: string;
}

const graphError = (code: string, message: string) => ({
  error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': 'fake' } },
});

export async function startFakeMicrosoft(port = 0): Promise<FakeMicrosoft> {
  const desk = new TokenDesk();
  const folders = new Set<string>();
  const files = new Map<string, Buffer>();
  const server = await startFakeServer((req, res) => {
    if (req.path === '/common/oauth2/v2.0/authorize') return desk.consent(req, res);
    if (req.path === '/common/oauth2/v2.0/token') {
      return desk.token(req, res, (d) => ({
        error: 'invalid_grant',
        error_description: `AADSTS70000: ${d}`,
        error_codes: [70000],
      }));
    }
    if (!req.path.startsWith('/v1.0/me/drive/root'))
      return sendJson(res, 404, graphError('itemNotFound', 'Not found'));
    if (!desk.authorized(req)) {
      return sendJson(
        res,
        401,
        graphError('InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'),
      );
    }
    const rest = req.path.slice('/v1.0/me/drive/root'.length);
    const children = rest === '/children' ? '' : rest.match(/^:\/(.+):\/children$/)?.[1];
    if (req.method === 'POST' && children !== undefined) {
      const { name } = JSON.parse(req.body.toString()) as { name: string };
      const path = children ? `${children}/${name}` : name;
      if (children && !folders.has(children))
        return sendJson(res, 404, graphError('itemNotFound', 'The resource could not be found.'));
      if (folders.has(path)) {
        return sendJson(res, 409, graphError('nameAlreadyExists', 'The specified item name already exists.'));
      }
      folders.add(path);
      return sendJson(res, 201, { id: `folder:${path}`, name, folder: { childCount: 0 } });
    }
    const content = rest.match(/^:\/(.+):\/content$/)?.[1];
    if (req.method === 'PUT' && content) {
      if (desk.failUploads)
        return sendJson(res, 507, graphError('quotaLimitReached', 'Insufficient Space Available'));
      files.set(content, req.body);
      return sendJson(res, 201, {
        id: `file:${content}`,
        name: content.split('/').at(-1),
        size: req.body.length,
      });
    }
    const item = rest.match(/^:\/(.+)$/)?.[1];
    if (req.method === 'GET' && item && folders.has(item))
      return sendJson(res, 200, { id: `folder:${item}`, name: item });
    sendJson(res, 404, graphError('itemNotFound', 'The resource could not be found.'));
  }, port);
  return { ...server, desk, folders, files, loginUrl: server.url, graphUrl: `${server.url}/v1.0` };
}

export interface FakeGoogle extends FakeCloud {
  authUrl: string;
  oauthUrl: string;
  apiUrl: string;
}

const FOLDER_MIME = 'application/vnd.google-apps.folder';
const googleError = (code: number, message: string, status: string, reason: string) => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
});

export async function startFakeGoogle(port = 0): Promise<FakeGoogle> {
  const desk = new TokenDesk();
  /** Folders as "parentId/name" -> id; `folders` (the path set) is kept for assertions. */
  const byParent = new Map<string, string>();
  const paths = new Map<string, string>([['root', '']]);
  const folders = new Set<string>();
  const files = new Map<string, Buffer>();
  const server = await startFakeServer((req, res) => {
    if (req.path === '/o/oauth2/v2/auth') return desk.consent(req, res);
    if (req.path === '/token')
      return desk.token(req, res, (d) => ({ error: 'invalid_grant', error_description: d }));
    if (!desk.authorized(req)) {
      return sendJson(
        res,
        401,
        googleError(
          401,
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'UNAUTHENTICATED',
          'authError',
        ),
      );
    }
    if (req.method === 'GET' && req.path === '/drive/v3/files') {
      const q = req.query.get('q') ?? '';
      const name = q.match(/name = '((?:[^'\\]|\\.)*)'/)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
      const parent = q.match(/'([^']*)' in parents/)?.[1] ?? 'root';
      const id = byParent.get(`${parent}/${name}`);
      return sendJson(res, 200, { kind: 'drive#fileList', files: id ? [{ id, name }] : [] });
    }
    if (req.method === 'POST' && req.path === '/drive/v3/files') {
      const body = JSON.parse(req.body.toString()) as { name: string; mimeType: string; parents: string[] };
      const parent = body.parents[0] ?? 'root';
      if (!paths.has(parent))
        return sendJson(res, 404, googleError(404, `File not found: ${parent}.`, 'NOT_FOUND', 'notFound'));
      const id = `fld${randomBytes(4).toString('hex')}`;
      const path = [paths.get(parent), body.name].filter(Boolean).join('/');
      byParent.set(`${parent}/${body.name}`, id);
      paths.set(id, path);
      folders.add(path);
      return sendJson(res, 200, { kind: 'drive#file', id, name: body.name, mimeType: FOLDER_MIME });
    }
    if (
      req.method === 'POST' &&
      req.path === '/upload/drive/v3/files' &&
      req.query.get('uploadType') === 'multipart'
    ) {
      if (desk.failUploads) {
        return sendJson(
          res,
          403,
          googleError(
            403,
            'The user has exceeded their Drive storage quota',
            'PERMISSION_DENIED',
            'storageQuotaExceeded',
          ),
        );
      }
      const boundary = String(req.headers['content-type']).match(/boundary=(.+)$/)?.[1] ?? '';
      const parts = req.body.toString('latin1').split(`--${boundary}`);
      // The parts were split as latin1 (byte for byte); the metadata JSON itself is UTF-8.
      const metadataText = Buffer.from(parts[1]?.split('\r\n\r\n')[1] ?? '{}', 'latin1').toString('utf8');
      const metadata = JSON.parse(metadataText) as {
        name: string;
        parents: string[];
      };
      const media = (parts[2]?.split('\r\n\r\n').slice(1).join('\r\n\r\n') ?? '').replace(/\r\n$/, '');
      const path = [paths.get(metadata.parents[0] ?? 'root'), metadata.name].filter(Boolean).join('/');
      files.set(path, Buffer.from(media, 'latin1'));
      return sendJson(res, 200, {
        kind: 'drive#file',
        id: `file${randomBytes(4).toString('hex')}`,
        name: metadata.name,
      });
    }
    sendJson(res, 404, googleError(404, 'Not Found', 'NOT_FOUND', 'notFound'));
  }, port);
  return {
    ...server,
    desk,
    folders,
    files,
    authUrl: `${server.url}/o/oauth2/v2/auth`,
    oauthUrl: server.url,
    apiUrl: server.url,
  };
}
