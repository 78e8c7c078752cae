ALTER TABLE "payment_authorizations" ALTER COLUMN "provider_payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ALTER COLUMN "card_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "site_url" jsonb;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD COLUMN "owner_token_hash" text;