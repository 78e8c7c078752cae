ALTER TABLE "bookings" ADD COLUMN "cancellation_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_currency" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_to" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "airline_credits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_refund_due_idx" ON "bookings" USING btree ("refund_next_at") WHERE "bookings"."refund_state" in ('due', 'awaiting_airline');