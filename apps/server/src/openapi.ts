/**
 * The OpenAPI document of /api/v1 (GET /api/v1/openapi.json, browsable at /api/v1/docs):
 * @fastify/swagger reads each route's schema; `openApiTransform` turns its zod schemas into
 * JSON Schema (fastify-type-provider-zod) and adds what integrators need and Fastify does
 * not use, from three documentation-only keys of a route's schema:
 *
 * - `errors: [400, 401, ...]`: the error answers the route really gives, each the shared
 *   `Error` body `{message, code, errors?}` (`#/components/schemas/Error`);
 * - `answers: {201: {description, body?, contentType?}}`: what each success answer is. With
 *   a `response` schema for that status, only its description (the body stays the
 *   response schema); without one, the answer's body (none for 204; `text/event-stream`
 *   for the chat stream);
 * - `multipartBody`: a multipart/form-data request body (the bill photo).
 *
 * Schemas several operations share are named once in `components/schemas` ({@link named}:
 * `Project`, `ProjectPipeline`, `AdminUserDetail`, ...) and referenced with `$ref`; a named
 * schema no operation uses is left out of the document.
 *
 * Every operation also gets its 408 (a request not complete within REQUEST_TIMEOUT_MS).
 * They change nothing at run time: validation and serialization use `body`, `querystring`,
 * `params` and `response` only, and the transform works on a copy. A route without
 * `security` is public (`security: []`); the security suite checks every route's
 * `security` against who may call it. `redocly lint` with the recommended rules runs on
 * the document in the server tests (test/openapi.test.ts).
 */
import { API_ERROR_CODES } from '@solar/domain';
import type { FastifySchema } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * One page of a paged list (the OpenAPI document: the admin user list, the project pipeline):
 * `items` of `item`, 1-based `pageNumber`, `pageSize`, `totalCount`, `totalPages` and
 * whether a previous and a next page exist.
 */
export function pageSchema<T extends ZodType>(item: T) {
  return z.object({
    items: z.array(item).readonly(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    hasPreviousPage: z.boolean(),
    hasNextPage: z.boolean(),
  });
}

/** The error body of every failed call (the OpenAPI document). */
export const errorBodySchema = z.object({
  message: z.string().describe('English, human-readable'),
  code: z.string().describe(`Stable, one of: ${API_ERROR_CODES.join(', ')}`),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .describe('Field errors: the field path and its message'),
});

/** What each error status means across the API (the route's own doc says when). */
const ERROR_DESCRIPTIONS = {
  400: 'Bad input (`validation_failed`, with field errors in `errors`; `invalid_token`)',
  401: 'No, an invalid or an expired access token (`unauthenticated`, `token_expired`), or wrong credentials',
  403: 'Not allowed (`forbidden`, `account_inactive`)',
  404: 'Unknown, or not yours (`not_found`)',
  409: 'In conflict with the current state (`email_taken`, `conflict`, ...)',
  413: 'The body is too large (`payload_too_large`)',
  415: 'The body is not of an accepted media type (`unsupported_media_type`)',
  429: 'Rate limited (`rate_limited`); retry after `Retry-After` seconds',
  502: 'An upstream service failed (`bad_gateway`)',
  503: 'A dependency is not available (`service_unavailable`); retry after `Retry-After` seconds where given',
} as const;

/** An error status a route may document. */
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** A success answer documented without a response schema (see the file comment). */
export interface DocumentedAnswer {
  description: string;
  /** The body's schema (none for 204 and the like). */
  body?: ZodType;
  /** Default application/json. */
  contentType?: string;
  /** Named examples of the body (for an event stream: of one event's data). */
  examples?: Record<string, { summary: string; value: unknown }>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation only: the error statuses the route answers (see openapi.ts). */
    errors?: readonly ErrorStatus[];
    /** Documentation only: success answers without a response schema (see openapi.ts). */
    answers?: Record<number, DocumentedAnswer>;
    /** Documentation only: a multipart/form-data body as JSON Schema (see openapi.ts). */
    multipartBody?: Record<string, unknown>;
  }
}

const COMPONENTS = '#/components/schemas/';
const ERROR_REF = { $ref: `${COMPONENTS}Error` };

/** The schemas named in `components/schemas` (see the file comment). */
export const openApiSchemas = z.registry<{ id: string }>();

/**
 * Names `schema` `id` in the document's `components/schemas` (an answer's body, used by
 * several operations); answers `schema` itself, so a module can name what it exports.
 */
export function named<T extends ZodType>(schema: T, id: string): T {
  openApiSchemas.add(schema, { id });
  return schema;
}

/** A schema as the document shows an answer's body: a `$ref` when it is named. */
const toJson = (schema: ZodType) => {
  const id = openApiSchemas.get(schema)?.id;
  if (id) return { $ref: `${COMPONENTS}${id}` };
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' });
};

/** `components` of the document: the bearer scheme and the shared Error body. */
export const openApiComponents = {
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  schemas: { Error: toJson(errorBodySchema) },
};

const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: openApiSchemas });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({
  schemaRegistry: openApiSchemas,
});

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** @fastify/swagger's `transform`: see the file comment. */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { errors, answers, multipartBody, ...schema } = (input.schema ?? {}) as FastifySchema;
  const transformed = jsonSchemaTransform({ ...input, schema });
  const out = transformed.schema as Record<string, unknown> | undefined;
  if (!out || out.hide) return transformed;
  const responses = { ...((out.response as Record<string, unknown> | undefined) ?? {}) };
  for (const [status, answer] of Object.entries(answers ?? {})) {
    const described = responses[status] as Record<string, unknown> | undefined;
    if (described && !answer.body) {
      responses[status] = {
        description: answer.description,
        content: { 'application/json': { schema: described } },
      };
      continue;
    }
    responses[status] = answer.body
      ? {
          description: answer.description,
          content: {
            [answer.contentType ?? 'application/json']: {
              schema: toJson(answer.body),
              ...(answer.examples ? { examples: answer.examples } : {}),
            },
          },
        }
      : { description: answer.description, type: 'null' };
  }
  for (const status of errors ?? []) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: ERROR_REF } },
      ...(status === 429
        ? { headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } } }
        : {}),
    };
  }
  // Every operation: a request that has not fully arrived within REQUEST_TIMEOUT_MS is
  // answered 408 by Node's HTTP server (no body) and the connection closed.
  responses['408'] = {
    description: 'The request did not arrive in full within REQUEST_TIMEOUT_MS (no body)',
    type: 'null',
  };
  out.response = responses;
  if (multipartBody) {
    out.body = multipartBody;
    out.consumes = ['multipart/form-data'];
  }
  out.security ??= [];
  return transformed;
}

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

/**
 * @fastify/swagger's `transformObject`: the named schemas added to `components/schemas`
 * (fastify-type-provider-zod names each twice, `X` as answered and `XInput` as accepted),
 * then every component no operation refers to, directly or through another, left out.
 */
export function openApiTransformObject(
  input: TransformObjectInput,
): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const { components, ...rest } = document as Record<string, unknown>;
  const used = new Set(refsIn(rest));
  for (const pending = [...used]; pending.length > 0;) {
    for (const id of refsIn(schemas[pending.pop()!])) {
      if (!used.has(id)) {
        used.add(id);
        pending.push(id);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
  return {
    ...document,
    components: { ...(components as object), schemas: kept },
  } as ReturnType<typeof jsonSchemaTransformObject>;
}
