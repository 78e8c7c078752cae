CREATE TABLE "duffel_balance_alerts" (
	"mode" text PRIMARY KEY NOT NULL,
	"request_id" text,
	"raised_at" timestamp with time zone NOT NULL,
	"recheck_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_uncertain_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_uncertainty" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;