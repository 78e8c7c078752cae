-- Every change to the brands table, whoever makes it, tells each API process to drop its cached
-- brands (LISTEN contrail_brands_changed). Statement-level, so TRUNCATE is included.
CREATE OR REPLACE FUNCTION contrail_notify_brands_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('contrail_brands_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
FOR EACH STATEMENT EXECUTE FUNCTION contrail_notify_brands_changed();
