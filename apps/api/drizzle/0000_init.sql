CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL,
	"font" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_address" text NOT NULL,
	"contact_phone" text NOT NULL,
	"social_facebook" text,
	"social_twitter" text,
	"social_instagram" text,
	"markup_percent" numeric(6, 2) DEFAULT '23' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_domain_lower" CHECK ("brands"."domain" = lower("brands"."domain")),
	CONSTRAINT "brands_currency_iso" CHECK ("brands"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "brands_markup_range" CHECK ("brands"."markup_percent" >= 0 and "brands"."markup_percent" <= 500)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "brands_domain_key" ON "brands" USING btree ("domain");