CREATE TABLE "sandbox_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_reference" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_seats" (
	"flight_key" text NOT NULL,
	"designator" text NOT NULL,
	"order_id" text NOT NULL,
	CONSTRAINT "sandbox_seats_flight_key_designator_pk" PRIMARY KEY("flight_key","designator")
);
--> statement-breakpoint
ALTER TABLE "sandbox_cancellations" ADD CONSTRAINT "sandbox_cancellations_order_id_sandbox_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_seats" ADD CONSTRAINT "sandbox_seats_order_id_sandbox_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_cancellations_order_idx" ON "sandbox_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_orders_booking_reference_key" ON "sandbox_orders" USING btree ("booking_reference");--> statement-breakpoint
CREATE INDEX "sandbox_seats_order_idx" ON "sandbox_seats" USING btree ("order_id");