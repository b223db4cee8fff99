/**
 * GET /api/openapi.json: the OpenAPI 3.1 document, public like /api/health, generated once from the
 * route declarations the app's routers were built with (`defineRoute`, ADR 0075): nothing here
 * describes a route.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import serverPackage from '../../../package.json' with { type: 'json' };
import { apiRouter, asDeclared, defineRoute, jsonResponse } from '../api-route.ts';
import type { AppEnv } from '../app-env.ts';

export const SESSION_SCHEME = 'sessionCookie';

const DESCRIPTION = [
  'The HTTP API of Northwind HR, generated from the route declarations (request and response zod schemas).',
  '',
  '- Sign in with `POST /api/auth/sign-in/email`; the session travels in a cookie. Every route needs it unless its `security` is empty.',
  "- A write (POST, PUT, PATCH, DELETE) from another site's page is refused: send no `Origin`, or this server's own.",
  '- Every error is `{ "error": { "code", "message", "fields"? } }` with the matching status.',
  "- Better Auth's other endpoints (`/api/auth/sign-out`, e-mail verification) are served by its own handler and are not listed here.",
].join('\n');

/** What the document itself is, enough for a client to know it got one. */
const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

export interface OpenApiDeps {
  /** The whole app, read when the document is first asked for (every route is mounted by then). */
  app: () => OpenAPIHono<AppEnv>;
  sessionCookieName: () => Promise<string>;
  publicUrl: string;
}

/** The document of an app built from `apiRouter`s. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, sessionCookieName: string, serverUrl: string) {
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description: 'The session cookie set by sign-in.',
  });
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: serverPackage.description, version: serverPackage.version, description: DESCRIPTION },
    servers: [{ url: serverUrl }],
    security: [{ [SESSION_SCHEME]: [] }],
  });
}

export function openApiRoutes(deps: OpenApiDeps) {
  let text: Promise<string> | undefined;
  const documentText = () => {
    text ??= deps
      .sessionCookieName()
      .then((name) => JSON.stringify(openApiDocument(deps.app(), name, new URL(deps.publicUrl).origin)))
      .catch((err: unknown) => {
        // Not cached: the next request tries again (and the error handler logs this one).
        text = undefined;
        throw err;
      });
    return text;
  };
  return apiRouter().openapi(
    defineRoute({
      method: 'get',
      path: '/',
      summary: 'This OpenAPI document',
      security: [],
      responses: { 200: jsonResponse(openApiDocumentSchema, 'The OpenAPI 3.1 document') },
    }),
    async (c) =>
      asDeclared(
        openApiDocumentSchema,
        c.body(await documentText(), 200, {
          'Content-Type': 'application/json; charset=UTF-8',
          'Cache-Control': 'public, max-age=300',
        }),
      ),
  );
}
