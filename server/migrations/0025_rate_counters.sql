-- Rate counters shared by every instance of the API (issue 19, item 2): sign-in per address, per
-- account (growing delay) and per trusted browser, and the invoice mails per company. One row per
-- key; `grant_id` lets the one atomic upsert say whether this very hit was let through.
-- Not a tenant table (the company is unknown before sign-in, and a mail key names its company in
-- the key): only the owner connection reads or writes it, so bo_app gets no right on it, and row
-- level security is enabled without any policy, so even a grant made by mistake would show nothing.
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"grant_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");
--> statement-breakpoint
REVOKE ALL ON rate_counters FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON rate_counters FROM bo_app;
--> statement-breakpoint
ALTER TABLE rate_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Replaced by rate_counters (its IP + email key is now two counters: per address, per account).
DROP TABLE "login_failures";
