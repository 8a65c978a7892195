import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookingEventSchema, storedBookingEvent, type BookingEvent } from './events';
import { createdData } from './fixtures';

/** Where a schema would answer something other than its input: a default, a catch, a transform or a pipe. */
function reshapingParts(schema: z.ZodTypeAny, path: string): string[] {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind };
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodDiscriminatedUnion:
      return (schema as z.ZodDiscriminatedUnion<string, z.ZodDiscriminatedUnionOption<string>[]>).options.flatMap(
        (option, i) => reshapingParts(option, `${path}[${i}]`),
      );
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const object = schema as z.AnyZodObject;
      const extra = object._def.unknownKeys === 'strip' ? [] : [`${path} keeps unknown keys`];
      return [
        ...extra,
        ...Object.entries(object.shape).flatMap(([key, value]) =>
          reshapingParts(value as z.ZodTypeAny, `${path}.${key}`),
        ),
      ];
    }
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodNullable:
      return reshapingParts((schema as z.ZodOptional<z.ZodTypeAny>).unwrap(), path);
    case z.ZodFirstPartyTypeKind.ZodEffects: {
      const effects = schema as z.ZodEffects<z.ZodTypeAny>;
      const own = effects._def.effect.type === 'refinement' ? [] : [`${path} has a ${effects._def.effect.type}`];
      return [...own, ...reshapingParts(effects.innerType(), path)];
    }
    case z.ZodFirstPartyTypeKind.ZodString:
    case z.ZodFirstPartyTypeKind.ZodNumber:
    case z.ZodFirstPartyTypeKind.ZodBoolean:
    case z.ZodFirstPartyTypeKind.ZodLiteral:
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return [];
    default:
      return [`${path} is a ${def.typeName}, which a stored event is not checked for`];
  }
}

describe('booking events read back from the log', () => {
  it('have schemas that answer their input unchanged, so a stored event need not be parsed again', () => {
    expect(reshapingParts(bookingEventSchema, 'event')).toEqual([]);
  });

  it('notices a schema that would reshape what it parses', () => {
    const reshaping = z.object({
      data: z.object({ at: z.string().default('now'), n: z.string().transform(Number), tags: z.array(z.string()) }),
    });
    expect(reshapingParts(reshaping, 'event')).toEqual([
      'event.data.at is a ZodDefault, which a stored event is not checked for',
      'event.data.n has a transform',
      'event.data.tags is a ZodArray, which a stored event is not checked for',
    ]);
  });

  it('are what a second parse of their stored JSON would answer', () => {
    const events: BookingEvent[] = [
      { type: 'created', data: createdData() },
      { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 4500 } },
      { type: 'enRoute', data: {} },
      { type: 'enRoute', data: { etaAt: '2026-03-09T14:25:00.000Z' } },
      { type: 'notesUpdated', data: { barberNotes: null, estimatedTravelTime: 20 } },
      { type: 'refunded', data: { refundId: 're_1', amount: 4500 } },
    ];
    for (const event of events) {
      const stored = JSON.parse(JSON.stringify(bookingEventSchema.parse(event))) as BookingEvent;
      expect(storedBookingEvent(stored.type, stored.data)).toEqual(bookingEventSchema.parse(stored));
    }
  });

  it('refuses a row that is not a booking event', () => {
    expect(() => storedBookingEvent('unknown', {})).toThrow('Not a booking event: unknown');
    expect(() => storedBookingEvent('paid', null)).toThrow('Not a booking event: paid');
  });
});
