import { describe, expect, it } from 'vitest';
import { toAnswer } from './errors';

describe('toAnswer', () => {
  it("keeps the status of Fastify's own refusals of a request", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(toAnswer(tooLarge)).toEqual({
      status: 413,
      body: { message: 'Request body is too large', code: 'VALIDATION_FAILED' },
    });
    const notJson = Object.assign(new SyntaxError('Unexpected token } in JSON'), { statusCode: 400 });
    expect(toAnswer(notJson).status).toBe(400);
    // @fastify/static's (http-errors): a range it cannot serve
    const badRange = Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416, expose: true });
    expect(toAnswer(badRange).status).toBe(416);
  });

  it("answers another library's error as unexpected, whatever status it carries, and never its message", () => {
    // e.g. Stripe's StripeAuthenticationError when our key is refused, or its rate limit
    for (const statusCode of [401, 403, 429]) {
      const answer = toAnswer(Object.assign(new Error('Invalid API Key provided: sk_live_1234'), { statusCode }));
      expect(answer).toEqual({
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
      });
    }
  });
});
