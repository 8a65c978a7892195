-- A booking keeps the cancellation window in force when it was made (the `created` event's cancellationWindow): a
-- customer's cancellation is judged by it. Bookings from before it was kept have none and take the setting now.
ALTER TABLE bookings ADD COLUMN cancellation_window integer;
