import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET for the public catalogue answers: sets the weak ETag, asks caches to revalidate,
 * and sends 304 (answering true: the handler then returns the reply) when the client's If-None-Match already names it.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (!match) return false;
  const tags = match.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes('*') && !tags.includes(etag.replace(/^W\//, ''))) return false;
  void reply.code(304).send();
  return true;
}

/**
 * The shape of the reviews the profile shows: changed whenever what a review says of its reviewer changes, so that no
 * cache keeps serving an answer of the old shape (v2: first name and initial, no booking id).
 */
const REVIEWS_SHAPE = 'reviews-v2';

/** The profile's validator: the listing's, and the reviews it shows (a barber's reply changes no listing). */
export function reviewsEtag(
  listingEtag: string,
  reviews: readonly {
    id: number;
    rating: number;
    comment: string;
    barberResponse: string | null;
    customerName: string;
  }[],
): string {
  const hash = createHash('sha1').update(listingEtag).update(REVIEWS_SHAPE);
  for (const r of reviews) hash.update(JSON.stringify([r.id, r.rating, r.comment, r.barberResponse, r.customerName]));
  return `W/"${hash.digest('base64url')}"`;
}
