DROP INDEX "payments_company_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cheque_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "drawer" text;--> statement-breakpoint
CREATE INDEX "invoices_outstanding_idx" ON "invoices" USING btree ("company_id","due_date","id") WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0;--> statement-breakpoint
CREATE INDEX "invoices_retainage_idx" ON "invoices" USING btree ("company_id","business_job_id") WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and retainage_cents > 0;--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("company_id","paid_on","id","amount_cents");