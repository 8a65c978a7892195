import { describe, expect, it } from 'vitest';
import { historySummary } from './bookings';

describe("the admin history's words for money events", () => {
  it('say what was paid, given back, refused by the bank and owed again, and what went through', () => {
    expect(historySummary('paid', { paymentIntentId: 'pi_1', amount: 3500 })).toBe('Paid $35.00');
    expect(historySummary('refunded', { refundId: 're_1', amount: 3500, pending: true })).toBe('Refunded $35.00');
    expect(historySummary('refundFailed', { refundId: 're_1', amount: 3500, reason: 'expired_or_canceled_card' })).toBe(
      'Refund failed at Stripe (expired_or_canceled_card): $35.00 owed again',
    );
    expect(historySummary('refundSucceeded', { refundId: 're_1' })).toBe('Refund went through at the bank');
    const message = 'Charge ch_1 has been charged back; cannot issue a refund.';
    expect(
      historySummary('refundFailed', { refundId: 'refused:2026-11-25:charge_disputed', amount: 0, reason: message }),
    ).toBe(`Refund refused by Stripe: ${message} (asked again tomorrow)`);
  });
});

describe("the admin history's words for the barber's arrival time", () => {
  it('say when the barber now arrives, on the New York clock', () => {
    expect(historySummary('etaUpdated', { etaAt: '2026-11-25T15:40:00.000Z' })).toBe('Arrival time moved to 10:40 AM');
  });
});
