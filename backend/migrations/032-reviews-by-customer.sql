-- My Bookings asks which of the customer's bookings they reviewed (GET /api/my-reviews).
CREATE INDEX reviews_customer ON reviews (customer_id);
