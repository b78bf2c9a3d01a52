-- The users' list as the database keeps it (issue 20: every list at p95 ≤ 20 ms with 10 requests in
-- flight at 100 000 rows; the users' list of 200 was the one over it, 22.8–23.9 ms on quiet runs).
--
-- Every page of the back office that names users asks for the list, and users change rarely. The
-- list was written at each request (row_to_json of each user, sorted, joined: 0.6–1 ms of
-- PostgreSQL for 200 users, the largest part of that request's work in the database). It is now
-- written when a user changes, in the writing transaction, by statement-level triggers, as
-- invoice_day_totals (0048) and the library's words (0047) are kept; the read is one row by its key.
-- The text is exactly what the list statement wrote (bo_users_list_json, the same expression).
--
-- Two transactions changing users of one company: each takes the company's row (FOR UPDATE) before
-- writing it, and writes it in a later statement, whose snapshot then holds the other's committed
-- change (read committed): the last one to commit writes a list holding both. The row is created
-- first (ON CONFLICT DO NOTHING waits for another transaction's uncommitted creation of it).
-- Changes that do not show in the list (a password, an hourly cost) write nothing.
CREATE FUNCTION bo_users_list_json(company integer) RETURNS text
  LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT '[' || coalesce(string_agg(row_to_json(u)::text, ',' ORDER BY u."lastName", u."firstName", u.id), '') || ']'
  FROM (SELECT id, locked, admin, last_name AS "lastName", first_name AS "firstName", job, email, phone, version
        FROM users WHERE company_id = company) AS u
$$;
--> statement-breakpoint
CREATE TABLE users_list (
  company_id integer PRIMARY KEY,
  data text NOT NULL
);
--> statement-breakpoint
INSERT INTO users_list (company_id, data) SELECT c.id, bo_users_list_json(c.id) FROM companies c;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON users_list TO bo_app;
--> statement-breakpoint
ALTER TABLE users_list ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON users_list
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE FUNCTION users_list_write(touched integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF touched IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO users_list (company_id, data)
    SELECT c, '[]' FROM unnest(touched) AS c ORDER BY c ON CONFLICT DO NOTHING;
  PERFORM 1 FROM users_list WHERE company_id = ANY (touched) ORDER BY company_id FOR UPDATE;
  UPDATE users_list l SET data = bo_users_list_json(l.company_id) WHERE l.company_id = ANY (touched);
END $$;
--> statement-breakpoint
CREATE FUNCTION users_list_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM users_list_write((SELECT array_agg(DISTINCT company_id) FROM added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_list_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM users_list_write((SELECT array_agg(DISTINCT company_id) FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM users_list_write((
    SELECT array_agg(DISTINCT c) FROM added a JOIN removed r ON r.id = a.id,
      LATERAL (VALUES (a.company_id), (r.company_id)) AS t(c)
    WHERE (a.company_id, a.locked, a.admin, a.last_name, a.first_name, a.job, a.email, a.phone, a.version)
      IS DISTINCT FROM (r.company_id, r.locked, r.admin, r.last_name, r.first_name, r.job, r.email, r.phone, r.version)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_list_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION users_list_added();
--> statement-breakpoint
CREATE TRIGGER users_list_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION users_list_changed();
--> statement-breakpoint
CREATE TRIGGER users_list_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION users_list_removed();
