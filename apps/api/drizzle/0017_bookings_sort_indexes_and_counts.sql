CREATE TABLE "booking_counts" (
	"brand_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "booking_counts_brand_id_status_pk" PRIMARY KEY("brand_id","status")
);
--> statement-breakpoint
DROP INDEX "bookings_travel_date_idx";--> statement-breakpoint
CREATE INDEX "bookings_total_idx" ON "bookings" USING btree ("sell_total_minor","created_at");--> statement-breakpoint
CREATE INDEX "bookings_travel_date_nulls_first_idx" ON "bookings" USING btree (left("order" #>> '{slices,0,segments,0,departing_at}', 10) nulls first,"created_at");--> statement-breakpoint
CREATE INDEX "bookings_travel_date_idx" ON "bookings" USING btree (left("order" #>> '{slices,0,segments,0,departing_at}', 10),"created_at");--> statement-breakpoint
-- Counts per brand and state, kept with every insert, state change and delete of a booking. The
-- two counter rows of a change are always touched in the order of their state's name, so two
-- changes in opposite directions (confirmed → cancelling, cancelling → confirmed) cannot deadlock.
CREATE OR REPLACE FUNCTION contrail_booking_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  minus_first boolean;
BEGIN
  minus_first := TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.status < NEW.status);
  IF minus_first THEN
    UPDATE booking_counts SET n = n - 1 WHERE brand_id = OLD.brand_id AND status = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO booking_counts (brand_id, status, n) VALUES (NEW.brand_id, NEW.status, 1)
    ON CONFLICT (brand_id, status) DO UPDATE SET n = booking_counts.n + 1;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT minus_first THEN
    UPDATE booking_counts SET n = n - 1 WHERE brand_id = OLD.brand_id AND status = OLD.status;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_count_rows AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION contrail_booking_count();
--> statement-breakpoint
CREATE TRIGGER bookings_count_changes AFTER UPDATE OF status, brand_id ON bookings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.brand_id IS DISTINCT FROM NEW.brand_id)
  EXECUTE FUNCTION contrail_booking_count();
--> statement-breakpoint
INSERT INTO booking_counts (brand_id, status, n)
SELECT brand_id, status, count(*) FROM bookings GROUP BY brand_id, status;
