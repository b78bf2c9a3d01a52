ALTER TABLE "document_settings" ADD COLUMN "invoice_title" text DEFAULT 'Facture' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "invoice_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "invoice_company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "invoice_show_payment_modes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "invoice_show_bank" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "invoice_bank_id" integer;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "header_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "footer_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "terms_of_sale" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "terms_on_quote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "terms_on_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "terms_on_new_page" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "quote_title" text DEFAULT 'Devis' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "quote_company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "quote_cee_mention" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "operation_nature" text DEFAULT 'services' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "vat_on_debits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "late_penalty_rate" text DEFAULT 'trois fois le taux d''intérêt légal' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD COLUMN "insurance_coverage" text DEFAULT 'France métropolitaine' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_invoice_bank_id_banks_id_fk" FOREIGN KEY ("invoice_bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;