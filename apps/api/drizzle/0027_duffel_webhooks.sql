CREATE TABLE "airline_initiated_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"available_actions" text[] NOT NULL,
	"action_taken" text,
	"action_taken_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duffel_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"live_mode" boolean NOT NULL,
	"idempotency_key" text,
	"order_id" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "airline_initiated_changes" ADD CONSTRAINT "airline_initiated_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airline_initiated_changes_booking_idx" ON "airline_initiated_changes" USING btree ("booking_id","detected_at");--> statement-breakpoint
CREATE INDEX "duffel_webhook_events_booking_idx" ON "duffel_webhook_events" USING btree ("booking_id","received_at");--> statement-breakpoint
CREATE INDEX "bookings_provider_order_idx" ON "bookings" USING btree ("provider_order_id");