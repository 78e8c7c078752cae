-- The back office's booking timeline and passenger-name search, kept by the database itself, so
-- that every writer of bookings (requests, the reconciler, cancellations, other processes) feeds
-- them without knowing of them. Times are the row's own (written by the service's clock).
CREATE OR REPLACE FUNCTION contrail_booking_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_events (booking_id, status, at) VALUES (NEW.id, NEW.status, NEW.created_at);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO booking_events (booking_id, status, at) VALUES (NEW.id, NEW.status, NEW.updated_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_timeline AFTER INSERT OR UPDATE OF status ON bookings
  FOR EACH ROW EXECUTE FUNCTION contrail_booking_event();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contrail_booking_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.passengers IS NOT DISTINCT FROM OLD.passengers THEN
    RETURN NULL;
  END IF;
  DELETE FROM booking_passenger_names WHERE booking_id = NEW.id;
  INSERT INTO booking_passenger_names (booking_id, first_name, last_name, full_name)
  SELECT NEW.id,
         lower(coalesce(p ->> 'firstName', '')),
         lower(coalesce(p ->> 'lastName', '')),
         lower(trim(coalesce(p ->> 'firstName', '') || ' ' || coalesce(p ->> 'lastName', '')))
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.passengers) = 'array' THEN NEW.passengers ELSE '[]'::jsonb END) AS p;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_passenger_names AFTER INSERT OR UPDATE OF passengers ON bookings
  FOR EACH ROW EXECUTE FUNCTION contrail_booking_names();
--> statement-breakpoint
-- Bookings made before this migration: their creation and their state now.
INSERT INTO booking_events (booking_id, status, at)
SELECT id, 'pending', created_at FROM bookings;
--> statement-breakpoint
INSERT INTO booking_events (booking_id, status, at)
SELECT id, status, updated_at FROM bookings WHERE status <> 'pending';
--> statement-breakpoint
INSERT INTO booking_passenger_names (booking_id, first_name, last_name, full_name)
SELECT b.id,
       lower(coalesce(p ->> 'firstName', '')),
       lower(coalesce(p ->> 'lastName', '')),
       lower(trim(coalesce(p ->> 'firstName', '') || ' ' || coalesce(p ->> 'lastName', '')))
FROM bookings b, jsonb_array_elements(CASE WHEN jsonb_typeof(b.passengers) = 'array' THEN b.passengers ELSE '[]'::jsonb END) AS p;
