-- A booking keeps its service's name as booked (the `created` event's serviceName): a service renamed later no
-- longer renames the booking, its receipt, its history and the reports. Existing bookings take the name they show now.
ALTER TABLE bookings ADD COLUMN service_name text;
UPDATE bookings b SET service_name = s.name FROM services s WHERE s.id = b.service_id AND b.service_name IS NULL;
