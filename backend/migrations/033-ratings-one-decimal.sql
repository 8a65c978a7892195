-- The rating is kept to the one decimal screens show, from the exact average of the reviews (it was rounded to
-- two decimals first, so 3.846 was stored 3.85 and shown 3.9).
UPDATE barbers b
   SET rating = coalesce((SELECT round(avg(r.rating), 1) FROM reviews r WHERE r.barber_id = b.id), 0)
 WHERE rating <> coalesce((SELECT round(avg(r.rating), 1) FROM reviews r WHERE r.barber_id = b.id), 0);
