-- « Mes applications » (issue 23): the company's connections to Pix4D and SEMA, their API keys
-- (only a SHA-256 kept), measure groups with their measures in rows, and each group's events
-- (append-only). Values in thousandths of their unit (src/contract/measures.ts).
CREATE TABLE "application_connections" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"type" text NOT NULL CHECK ("type" IN ('pix4d', 'sema')),
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	CONSTRAINT "application_connections_pk" PRIMARY KEY ("company_id", "type")
);
--> statement-breakpoint
-- A key is looked up by its hash before any company is known (owner connection, as sessions are):
-- the unique index is that lookup's.
CREATE TABLE "application_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"type" text NOT NULL CHECK ("type" IN ('pix4d', 'sema')),
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "application_keys_hash_unique" UNIQUE ("key_hash")
);
--> statement-breakpoint
CREATE INDEX "application_keys_company_idx" ON "application_keys" USING btree ("company_id", "type");
--> statement-breakpoint
-- measure_groups (0000) kept its measures and events in two jsonb columns that nothing but the demo
-- seed wrote: they become rows of their own (below), then the columns go.
ALTER TABLE "measure_groups" ADD COLUMN "external_id" text;
--> statement-breakpoint
ALTER TABLE "measure_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "measure_groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "measure_groups" ADD COLUMN "last_data_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "measure_groups" ADD CONSTRAINT "measure_groups_application_check" CHECK ("application" IN ('pix4d', 'sema'));
--> statement-breakpoint
-- The connector's idempotence: one group per company, application and externalId (NULLs, a user's
-- groups, are distinct). Two identical calls at once meet here (ON CONFLICT).
CREATE UNIQUE INDEX "measure_groups_external_unique" ON "measure_groups" USING btree ("company_id", "application", "external_id");
--> statement-breakpoint
CREATE INDEX "measure_groups_company_idx" ON "measure_groups" USING btree ("company_id", "application", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "measure_groups_job_idx" ON "measure_groups" USING btree ("company_id", "business_job_id");
--> statement-breakpoint
CREATE TABLE "measures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"group_id" integer NOT NULL REFERENCES "measure_groups"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('length', 'area', 'volume', 'count')),
	-- Never negative: no site has a negative area (the contract refuses it before).
	"value_milli" bigint NOT NULL CHECK ("value_milli" >= 0),
	"unit" text NOT NULL CHECK ("unit" IN ('m', 'm²', 'm³', 'u')),
	"note" text DEFAULT '' NOT NULL,
	"geometry" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "measures_external_unique" ON "measures" USING btree ("group_id", "external_id");
--> statement-breakpoint
CREATE INDEX "measures_group_idx" ON "measures" USING btree ("company_id", "group_id", "position");
--> statement-breakpoint
CREATE TABLE "measure_group_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"group_id" integer NOT NULL REFERENCES "measure_groups"("id"),
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"source" text NOT NULL CHECK ("source" IN ('user', 'connector', 'import')),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "measure_group_events_group_idx" ON "measure_group_events" USING btree ("company_id", "group_id", "id");
--> statement-breakpoint
-- The old jsonb measures whose unit is one of the contract's (« ml » is a length in m), as rows.
INSERT INTO "measures" ("company_id", "group_id", "position", "name", "kind", "value_milli", "unit")
SELECT g.company_id, g.id, (m.ordinality - 1)::integer, m.value->>'label',
  CASE u.unit WHEN 'm' THEN 'length' WHEN 'm²' THEN 'area' WHEN 'm³' THEN 'volume' ELSE 'count' END,
  round((m.value->>'value')::numeric * 1000)::bigint, u.unit
FROM "measure_groups" g
-- (CASE rather than AND: PostgreSQL may evaluate a WHERE's conditions in any order.)
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(g.measures) = 'array' THEN g.measures ELSE '[]'::jsonb END
) WITH ORDINALITY AS m(value, ordinality)
CROSS JOIN LATERAL (SELECT CASE m.value->>'unit' WHEN 'ml' THEN 'm' ELSE m.value->>'unit' END AS unit) u
WHERE u.unit IN ('m', 'm²', 'm³', 'u') AND coalesce(m.value->>'label', '') <> ''
  AND CASE WHEN jsonb_typeof(m.value->'value') = 'number' THEN (m.value->>'value')::numeric >= 0 ELSE false END;
--> statement-breakpoint
INSERT INTO "measure_group_events" ("company_id", "group_id", "kind", "at", "source", "detail")
SELECT company_id, id, 'created', created_at, 'user', jsonb_build_object('name', name) FROM "measure_groups";
--> statement-breakpoint
ALTER TABLE "measure_groups" DROP COLUMN "measures";
--> statement-breakpoint
ALTER TABLE "measure_groups" DROP COLUMN "events";
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON application_connections TO bo_app;
--> statement-breakpoint
ALTER TABLE application_connections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON application_connections USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- A key is never deleted (its row says when it was revoked): no DELETE.
GRANT SELECT, INSERT, UPDATE ON application_keys TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE application_keys_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE application_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON application_keys USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON measures TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE measures_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE measures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON measures USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Append-only: bo_app adds and reads events, never changes or removes one.
GRANT SELECT, INSERT ON measure_group_events TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE measure_group_events_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE measure_group_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON measure_group_events USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
