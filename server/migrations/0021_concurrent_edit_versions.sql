ALTER TABLE "companies" ADD COLUMN "customer_code_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The customer code format's save moves its version (the app role updates companies by column).
GRANT UPDATE (customer_code_version) ON companies TO bo_app;
