import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

/** A value checked against its answer schema and serialised: for answers kept as text and sent many times. */
export function checkedJson<T>(schema: ZodType<T>, value: unknown): string {
  return JSON.stringify(schema.parse(value));
}

/**
 * Sends an answer that is already JSON text. Fastify sends a string with a JSON content type as it is, without
 * the route's serializer; the route's reply type wants the object the text encodes, hence the casts.
 */
export function sendJsonText<R>(reply: R, body: string): R {
  (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(body);
  return reply;
}

/**
 * A route's serializer for answers built to their schema by the code that makes them (a read model row,
 * the booking view of a command): JSON.stringify without checking the value against the zod schema
 * again on every answer, which was a large part of these hot routes' CPU. The schema still documents
 * the answer (OpenAPI), and the contract tests parse the answers with it.
 */
export function plainJson() {
  return (data: unknown) => JSON.stringify(data);
}
