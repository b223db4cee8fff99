/** GET /api/openapi.json: the OpenAPI 3.1 document, public like /api/health, built once on first request. */
import { Hono } from 'hono';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { AppEnv } from '../app-env.ts';
import { buildOpenApiDocument, type RouteEntry } from './openapi-document.ts';

export interface OpenApiDeps {
  /** The app's router entries, read when the document is first asked for (every route is mounted by then). */
  routes: () => readonly RouteEntry[];
  sessionCookieName: () => Promise<string>;
  publicUrl: string;
}

export function openApiRoutes(deps: OpenApiDeps) {
  let text: Promise<string> | undefined;
  const documentText = () => {
    text ??= deps
      .sessionCookieName()
      .then((sessionCookieName) =>
        JSON.stringify(
          buildOpenApiDocument({
            routes: deps.routes(),
            title: serverPackage.description,
            version: serverPackage.version,
            serverUrl: new URL(deps.publicUrl).origin,
            sessionCookieName,
          }),
        ),
      )
      .catch((err: unknown) => {
        // Not cached: the next request tries again (and the error handler logs this one).
        text = undefined;
        throw err;
      });
    return text;
  };
  return new Hono<AppEnv>().get('/', async (c) =>
    c.body(await documentText(), 200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': 'public, max-age=300',
    }),
  );
}
