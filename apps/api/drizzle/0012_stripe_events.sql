CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"livemode" boolean NOT NULL,
	"payment_intent_id" text,
	"booking_id" uuid,
	"amount_minor" integer,
	"currency" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_events_booking_idx" ON "stripe_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_authorizations_provider_payment_idx" ON "payment_authorizations" USING btree ("provider_payment_id");