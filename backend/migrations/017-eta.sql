-- The live arrival time of a barber on the way (issue 13, part 1): set by En Route, moved by etaUpdated,
-- cleared by Arrived and every other step. Part of the bookings read model, rebuilt from the log like the rest.
ALTER TABLE bookings ADD COLUMN eta_at timestamptz;
