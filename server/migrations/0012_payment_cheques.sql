DROP INDEX "payments_company_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cheque_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "drawer" text;--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("company_id","paid_on","id","amount_cents");