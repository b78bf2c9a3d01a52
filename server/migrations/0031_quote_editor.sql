-- The quote editor (issue 21). A quote keeps its content as the editor writes it: `items`, a tree
-- of chapters (lots), sub-chapters, priced lines, options and text lines (server/src/domain/
-- quoteContent.ts). `quote_lines` stays what invoicing bills: the priced lines of that tree, in
-- reading order, rewritten on every save of a draft (never after it was sent) and carrying their
-- share of the global discount, so that invoices bill what the quote announced.
ALTER TABLE "quotes" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_basis_points" integer DEFAULT 0 NOT NULL
  CHECK ("discount_basis_points" BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "deposit_basis_points" integer DEFAULT 0 NOT NULL
  CHECK ("deposit_basis_points" BETWEEN 0 AND 10000);
--> statement-breakpoint
-- The last day the offer holds (null: a legacy quote without one; a new quote always has one).
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "start_date" date;
--> statement-breakpoint
-- Estimated duration of the works, in calendar days.
ALTER TABLE "quotes" ADD COLUMN "duration_days" integer CHECK ("duration_days" BETWEEN 1 AND 3650);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "payment_terms" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- What the quote itself costs the customer excl. VAT: 0 = « Devis gratuit ».
ALTER TABLE "quotes" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL CHECK ("fee_cents" >= 0);
--> statement-breakpoint
-- Options (shown, never in the totals above), kept for the lists.
ALTER TABLE "quotes" ADD COLUMN "options_excl_tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Revisions: DE-2026-00012, then DE-2026-00012-B … share `base_number`; only the latest is acted on.
ALTER TABLE "quotes" ADD COLUMN "base_number" text;
--> statement-breakpoint
UPDATE "quotes" SET "base_number" = "number";
--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "base_number" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "revision_index" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "previous_revision_id" integer REFERENCES "quotes"("id");
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "latest" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- SHA-256 (hex) of the online acceptance link's token; the token itself is only in the mail.
ALTER TABLE "quotes" ADD COLUMN "acceptance_token_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_acceptance_token_uq" ON "quotes" ("acceptance_token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_uq" ON "quotes" ("company_id", "number");
--> statement-breakpoint
CREATE INDEX "quotes_base_number_idx" ON "quotes" ("company_id", "base_number", "revision_index");
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Legacy quotes (lines with a chapter's title): their tree, chapters in the order of their first line.
UPDATE "quotes" q SET "items" = coalesce((
  SELECT jsonb_agg(g.item ORDER BY g.first_position) FROM (
    SELECT min(l.position) AS first_position,
      jsonb_build_object('kind', 'chapter', 'title', l.chapter, 'items', jsonb_agg(jsonb_build_object(
        'kind', 'priced', 'designation', l.label, 'unit', l.unit, 'quantityMilli', l.quantity_milli,
        'unitPriceCents', l.unit_price_cents, 'vatRateId', l.vat_rate_id, 'vatRate', l.vat_basis_points
      ) ORDER BY l.position)) AS item
    FROM "quote_lines" l WHERE l.quote_id = q.id AND l.chapter <> '' GROUP BY l.chapter
    UNION ALL
    SELECT l.position, jsonb_build_object(
        'kind', 'priced', 'designation', l.label, 'unit', l.unit, 'quantityMilli', l.quantity_milli,
        'unitPriceCents', l.unit_price_cents, 'vatRateId', l.vat_rate_id, 'vatRate', l.vat_basis_points)
    FROM "quote_lines" l WHERE l.quote_id = q.id AND l.chapter = ''
  ) g
), '[]'::jsonb);
--> statement-breakpoint
-- The customer's answer to a quote: online through the link (who, when, IP address, user agent and
-- the SHA-256 of the PDF accepted, kept byte for byte), or recorded by the company in the back office.
CREATE TABLE "quote_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"quote_id" integer NOT NULL UNIQUE REFERENCES "quotes"("id"),
	"decision" text NOT NULL CHECK ("decision" IN ('accepted', 'refused')),
	"channel" text NOT NULL CHECK ("channel" IN ('online', 'recorded')),
	"signer_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ip_address" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"recorded_by_user_id" integer REFERENCES "users"("id"),
	"pdf_sha256" text,
	"pdf" bytea,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quote_answers TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE quote_answers_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE quote_answers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON quote_answers USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- « Paramètres des devis »: a new quote's default validity, in days from its date.
ALTER TABLE "document_settings" ADD COLUMN "quote_validity_days" integer DEFAULT 30 NOT NULL
  CHECK ("quote_validity_days" BETWEEN 1 AND 365);
