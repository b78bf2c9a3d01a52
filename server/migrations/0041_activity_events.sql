-- « Suivi d'activité » (issue 24): the company's activity log. One row per business change, written
-- in that change's transaction (server/src/activity/record.ts); the audit trail that links an invoice
-- to its quote, delivery and payment (« piste d'audit fiable », CGI art. 289 VII). Append-only.
CREATE TABLE "activity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- Null: the system or a connected application. A user is never deleted (locked instead), and the
	-- event keeps its author's id whatever happens to the row.
	"user_id" integer,
	"kind" text NOT NULL,
	"object_type" text NOT NULL CHECK ("object_type" IN ('customer', 'business_job', 'quote', 'invoice', 'payment', 'bank', 'vat_rate', 'settings', 'user')),
	"object_id" bigint,
	-- The French sentence written at that moment (« Facture FA-2026-00012 validée »): later renames do
	-- not rewrite history.
	"label" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_events_company_idx" ON "activity_events" USING btree ("company_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "activity_events_object_idx" ON "activity_events" USING btree ("company_id", "object_type", "object_id");
--> statement-breakpoint
-- Append-only: bo_app adds and reads events, never changes or removes one.
GRANT SELECT, INSERT ON activity_events TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE activity_events_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE activity_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON activity_events USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
