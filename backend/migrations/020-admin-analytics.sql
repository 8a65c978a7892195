-- Admin Analytics and Reports (GET /api/admin/analytics, /api/admin/reports/*) and the Bookings screen's
-- date filter read the bookings of a date range across every barber: without this index each is a scan
-- of the whole table (bookings_barber_date serves one barber only).
CREATE INDEX bookings_date ON bookings (date);
