ALTER TABLE "payment_authorizations" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "dispute_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "dispute_evidence_due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "dispute_event_at" timestamp with time zone;