ALTER TABLE "invoices" ADD COLUMN "works_date" date;
