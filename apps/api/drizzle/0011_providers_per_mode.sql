CREATE TABLE "duffel_offer_replacements" (
	"offer_id" text PRIMARY KEY NOT NULL,
	"replacement_offer_id" text NOT NULL,
	"ids" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_searches" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb,
	"running_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "mode" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
CREATE INDEX "duffel_offer_replacements_created_idx" ON "duffel_offer_replacements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "supplier_searches_expires_idx" ON "supplier_searches" USING btree ("expires_at");