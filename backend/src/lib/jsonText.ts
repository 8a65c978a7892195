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
