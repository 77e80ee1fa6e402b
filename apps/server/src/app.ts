/**
 * Builds the Fastify application: /api/v1 (JSON, the contract's error shape, OpenAPI at
 * /api/v1/openapi.json and /api/v1/docs) and, when a web build is given, the single-page
 * app with history fallback. It does not listen; main.ts and the tests do.
 */
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { messageText } from '@solar/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { createAuthenticate } from './auth/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { healthRoutes } from './health/routes.ts';
import { HttpError } from './http-errors.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** The process environment, for modules that read their own settings (chat). */
  env?: Record<string, string | undefined>;
  /** Pino options or false to silence logs (tests). */
  logger?: boolean | object;
}

/** Field errors from a zod validation failure: `{ field: English message }`. */
function fieldErrors(issues: { instancePath?: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as
      { issue?: { path?: PropertyKey[]; code?: string; keys?: string[] } } | undefined;
    const zodIssue = params?.issue;
    let field =
      (zodIssue?.path ?? []).map(String).join('.') || issue.instancePath?.replace(/^\//, '') || '';
    let message = messageText(issue.message ?? 'Invalid value');
    if (zodIssue?.code === 'unrecognized_keys') {
      field = zodIssue.keys?.join(',') ?? field;
      message = 'Unknown property';
    }
    errors[field || '_'] ??= message;
  }
  return errors;
}

export async function buildApp({
  config,
  database,
  jwtSecret,
  logger,
  env = process.env,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.refreshToken',
      ],
    },
    bodyLimit: 100 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.code(400).send({ message: first, code: 'validation_failed', errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send({ message: 'Request body is too large', code: 'payload_too_large' });
    }
    if (status === 415) {
      return reply
        .code(415)
        .send({ message: 'Unsupported content type', code: 'unsupported_media_type' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(400).send({ message: error.message, code: 'validation_failed' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Server error occurred. Please try again later.', code: 'internal' });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Solar API', version: config.version },
      servers: [{ url: '/api/v1' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const tokens = createTokenService(jwtSecret, config.accessTokenTtl);
  const authenticate = createAuthenticate(database.db, tokens);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({
          message: `No such endpoint: ${request.method} ${request.url}`,
          code: 'not_found',
        }),
      );
      await api.register(healthRoutes, { database, version: config.version });
      await api.register(authRoutes, { db: database.db, tokens });
      await api.register(chatRoutes, { db: database.db, authenticate, env });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(fastifySwaggerUi, { routePrefix: '/docs' });
    },
    { prefix: '/api/v1' },
  );

  if (config.webDist && existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
    // History fallback: any GET that is not an API call or a file is the single-page app.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found', code: 'not_found' });
    });
    app.get('/', (_request, reply) => reply.type('text/html').sendFile('index.html'));
  }

  return app;
}
