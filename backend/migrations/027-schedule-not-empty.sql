-- An empty range overlaps nothing, so the exclusion constraint would let any number of such bookings through.
-- A booking's held time is never empty (the commands refuse times the spring-forward change skips, the one way
-- to get there); the database says so too. An empty range held by a booking made before that refusal holds nothing:
-- it goes (the projection writes none for it either).
DELETE FROM barber_schedule WHERE isempty(during);
ALTER TABLE barber_schedule ADD CONSTRAINT barber_schedule_not_empty CHECK (NOT isempty(during));
