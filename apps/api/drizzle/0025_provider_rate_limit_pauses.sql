CREATE TABLE "duffel_rate_limit_pauses" (
	"mode" text PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	"request_id" text
);
