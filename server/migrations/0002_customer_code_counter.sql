-- Creating a customer takes the next number of its company's counter (companies.customer_code_counter)
-- inside the tenant transaction, as bo_app: that one column becomes writable, fenced by the
-- company_isolation policy of migration 0001 (USING also checks the updated row).
GRANT UPDATE (customer_code_counter) ON companies TO bo_app;
