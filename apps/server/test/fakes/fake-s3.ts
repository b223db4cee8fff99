/**
 * A small S3-speaking server: path-style PutObject, GetObject, DeleteObject, with S3's XML error
 * body for a missing key (NoSuchKey, 404) and a request signature required on every call.
 */
import { type FakeServer, startFakeServer } from './http-fake.ts';

export interface FakeS3 extends FakeServer {
  objects: Map<string, { body: Buffer; contentType: string; contentDisposition?: string }>;
}

function s3Error(code: string, message: string, resource: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>fake</RequestId></Error>`;
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string; contentDisposition?: string }>();
  const server = await startFakeServer((req, res) => {
    const key = req.path.replace(/^\//, '');
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      return res.end(s3Error('AccessDenied', 'Access Denied', req.path));
    }
    if (key.startsWith('forbidden/')) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      return res.end(s3Error('AccessDenied', 'Access Denied', req.path));
    }
    if (req.method === 'PUT') {
      objects.set(key, {
        body: req.body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        ...(req.headers['content-disposition']
          ? { contentDisposition: String(req.headers['content-disposition']) }
          : {}),
      });
      res.writeHead(200, { etag: '"fake"' });
      return res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end(s3Error('NoSuchKey', 'The specified key does not exist.', req.path));
      }
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        ...(object.contentDisposition ? { 'content-disposition': object.contentDisposition } : {}),
      });
      return res.end(object.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(405);
    res.end();
  });
  return { ...server, objects };
}
