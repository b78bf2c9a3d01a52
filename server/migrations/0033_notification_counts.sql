-- The bell's counts (all, unread) read from the index alone: read_at joins the user's index, so
-- counting a user's notifications is an index-only range scan instead of a heap read per row.
DROP INDEX IF EXISTS "notifications_user_idx";
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("company_id","user_id","valid_from" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("read_at");
