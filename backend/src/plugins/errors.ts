import { AppError, type ErrorBody } from '@barber/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** The one place where errors become answers: `{ message, code, ...fields }`. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = toAnswer(error);
      if (status >= 500) request.log.error({ err: error }, 'unexpected error');
      else request.log.info({ code: body.code, message: body.message }, 'request refused');
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

export function toAnswer(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { ...error.fields, message: error.message, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: [error.validationContext, ...v.params.issue.path].filter(Boolean).join('.'),
      message: v.params.issue.message,
    }));
    return { status: 400, body: { message: issues.map(describeIssue).join('; '), code: 'VALIDATION_FAILED', issues } };
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, body: { message: issues.map(describeIssue).join('; '), code: 'VALIDATION_FAILED', issues } };
  }
  const e = error as { statusCode?: number; message?: string; code?: string };
  // Postgres "data exception" (class 22: out-of-range number, bad date, untranslatable text): the
  // input was bad, the transaction rolled back, nothing changed.
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && !e.statusCode) {
    return {
      status: 400,
      body: { message: 'A value in the request is out of range or malformed.', code: 'VALIDATION_FAILED' },
    };
  }
  // Fastify's own refusals of a request (FST_ERR_CTP_*, a body that is not JSON) and the static files' (http-errors,
  // `expose`: a malformed path, a bad range) carry their status; another library's error with a statusCode
  // (Stripe's 401 for our key, say) is not the caller's fault.
  const fastifys =
    (typeof e.code === 'string' && e.code.startsWith('FST_')) ||
    error instanceof SyntaxError ||
    (error as { expose?: unknown }).expose === true;
  if (fastifys && e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return {
      status: e.statusCode,
      body: { message: e.message ?? 'Bad request', code: e.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED' },
    };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

function describeIssue(issue: { path: string; message: string }): string {
  return issue.path
    ? `${issue.path.replace(/^(body|querystring|params)\.?/, '') || issue.path}: ${issue.message}`
    : issue.message;
}
