-- The invoice settings page sets the company's general payment deadline and modes (issue 12).
GRANT UPDATE (default_payment_deadline, default_payment_modes) ON companies TO bo_app;
