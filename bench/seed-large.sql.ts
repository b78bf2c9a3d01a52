/**
 * A large company (id 3, « Grand Groupe BTP ») generated in SQL with generate_series: 200 users,
 * 100 000 customers (French names, accents and all, phones, SIRET for professionals), 10 000 jobs
 * and quotes (one for every tenth customer), 100 000 invoices, 100 000 payments, 100 000
 * notifications (500 per user). One statement per table; seconds, not minutes.
 */
export const benchCompanyId = 3;
export const benchUserEmail = 'bench1@bench.fr';

/**
 * How many rows: the large company by default; `smallFirm` is a small firm's size (issue 27: what
 * the embedded database, PGlite, is meant for), 10 users, 5 000 customers, 20 000 invoices.
 */
export interface SeedScale {
  users: number;
  customers: number;
  invoices: number;
  notificationsPerUser: number;
}
export const largeScale: SeedScale = {
  users: 200,
  customers: 100000,
  invoices: 100000,
  notificationsPerUser: 500,
};
export const smallFirm: SeedScale = {
  users: 10,
  customers: 5000,
  invoices: 20000,
  notificationsPerUser: 100,
};

export const largeCompanySql = (passwordHash: string, scale: SeedScale = largeScale) => `
insert into companies (id, name, city, scopes) values (${benchCompanyId}, 'Grand Groupe BTP', 'Lyon', '{gestion-de-chantier}');
insert into numbering_counters (company_id, sequence, period, last_number) values (${benchCompanyId}, 'customer', '', ${scale.customers});
select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies));

insert into users (company_id, last_name, first_name, job, email, phone, password_hash, admin)
select ${benchCompanyId}, 'Nom' || g, 'Prénom' || g, 'Compagnon', 'bench' || g || '@bench.fr', '06 00 00 00 00',
       '${passwordHash.replaceAll("'", "''")}', g = 1
from generate_series(1, ${scale.users}) g;

insert into vat_rates (company_id, internal_name, pdf_name, rate_basis_points, is_default)
values (${benchCompanyId}, 'TVA normale', 'TVA 20 %', 2000, true), (${benchCompanyId}, 'TVA intermédiaire', 'TVA 10 %', 1000, false),
       (${benchCompanyId}, 'TVA réduite', 'TVA 5,5 %', 550, false), (${benchCompanyId}, 'Autoliquidation', 'Autoliquidation', 0, false);

insert into banks (company_id, name, iban, is_default)
values (${benchCompanyId}, 'Banque A', 'FR7630004000000000000000001', true), (${benchCompanyId}, 'Banque B', 'FR7630004000000000000000002', false);

insert into customers (company_id, type, first_name, last_name, company_name, customer_code, email, phone, siret, address, zip_code, city)
select ${benchCompanyId}, case when g % 3 = 0 then 'professional' else 'private' end,
       (array['Étienne', 'Anne', 'Hélène', 'Jérôme', 'Zoé', 'Benoît', 'Chloé', 'Noël', 'Agnès', 'Raphaël'])[1 + g % 10],
       (array['Lefèvre', 'Martin', 'Bâtard', 'Écuyer', 'Dubois', 'Öztürk', 'Garçon', 'Leroy', 'Zeller', 'Moreau', 'Bernard'])[1 + g % 11] || ' ' || g,
       case when g % 3 = 0 then (array['Bâti', 'Boulangerie', 'Éco Habitat', 'Menuiserie', 'Zinguerie', 'Électricité', 'Plâtrerie'])[1 + g % 7] || ' ' || g else '' end,
       lpad(g::text, 5, '0'), 'client' || g || '@exemple.fr', '06 ' || lpad((g % 100000000)::text, 8, '0'),
       case when g % 3 = 0 then lpad(g::text, 14, '0') else '' end,
       g || ' rue de la République', '69002',
       (array['Lyon', 'Évry', 'Annecy', 'Échirolles', 'Villeurbanne', 'Zillisheim'])[1 + g % 6]
from generate_series(1, ${scale.customers}) g;

insert into business_jobs (company_id, customer_id, name)
select ${benchCompanyId}, c.id, 'Chantier ' || c.id from customers c where c.company_id = ${benchCompanyId} and c.id % 10 = 0;

insert into quotes (company_id, business_job_id, customer_id, number, base_number, title, date, valid_until, status, total_excl_tax_cents, total_vat_cents, total_incl_tax_cents)
select ${benchCompanyId}, j.id, j.customer_id, 'DE-B-' || j.id, 'DE-B-' || j.id, 'Devis ' || j.id, current_date - (j.id % 700), current_date - (j.id % 700) + 30, 'accepted', 1000000, 200000, 1200000
from business_jobs j where j.company_id = ${benchCompanyId};

with first_quote as (select min(id) as id, count(*) as n from quotes where company_id = ${benchCompanyId})
insert into invoices (company_id, quote_id, business_job_id, customer_id, number, type, status, date, due_date,
                      total_excl_tax_cents, total_vat_cents, total_incl_tax_cents, validated_at)
select ${benchCompanyId}, q.id, q.business_job_id, q.customer_id,
       case when g % 10 = 0 then null else 'FA-B-' || g end,
       (array['facture', 'factureAcompte', 'factureAvoir'])[1 + g % 3],
       case when g % 10 = 0 then 'PROVISOIRE' else 'VALIDATED' end,
       current_date - (g % 700), current_date - (g % 700) + 30,
       10000 + g % 90000, (10000 + g % 90000) / 5, (10000 + g % 90000) * 6 / 5,
       case when g % 10 = 0 then null else now() - (g % 700) * interval '1 day' end
from generate_series(1, ${scale.invoices}) g
join first_quote f on true
join quotes q on q.id = f.id + (g % f.n);

insert into payments (company_id, invoice_id, bank_id, mode, amount_cents, paid_on)
select ${benchCompanyId}, i.id, (select min(id) from banks where company_id = ${benchCompanyId}),
       (array['transfer', 'check', 'card', 'cash', 'sepa', 'avoir'])[1 + i.id % 6],
       case when i.id % 6 = 5 then 0 else i.total_incl_tax_cents end, i.date + 10
from invoices i where i.company_id = ${benchCompanyId};

insert into notifications (company_id, user_id, notification_param_id, title, description, valid_from, read_at, metadata)
select ${benchCompanyId}, u.id, 1 + g % 8, 'Notification ' || g,
       '<p>Facture <strong>FA-B-' || g || '</strong> validée. <a href="/facturation">Voir</a></p>',
       now() - g * interval '37 minutes',
       case when g % 3 = 0 then now() - g * interval '30 minutes' end,
       jsonb_build_object('link', jsonb_build_object('href', '/facturation', 'label', 'Voir mes factures'))
from users u cross join generate_series(1, ${scale.notificationsPerUser}) g
where u.company_id = ${benchCompanyId};

analyze;
`;
