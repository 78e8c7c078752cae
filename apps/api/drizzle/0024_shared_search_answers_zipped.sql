-- Shared searches are kept a few minutes: the ones stored as jsonb are dropped, not converted.
DELETE FROM "supplier_searches";--> statement-breakpoint
ALTER TABLE "supplier_searches" ADD COLUMN "answer_gz" bytea;--> statement-breakpoint
ALTER TABLE "supplier_searches" DROP COLUMN "answer";