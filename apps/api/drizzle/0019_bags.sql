ALTER TABLE "bookings" ADD COLUMN "bags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "bags_total_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "services" jsonb DEFAULT '[]'::jsonb NOT NULL;