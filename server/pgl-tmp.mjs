import { PGlite } from '@electric-sql/pglite';

const t = Date.now();
const db = new PGlite('memory://');
await db.waitReady;
console.log('boot', Date.now() - t);
await db.exec(`create table t(id serial primary key, company_id int not null, v text);
alter table t enable row level security;
create policy p on t using (company_id = nullif(current_setting('app.company_id', true),'')::int) with check (company_id = nullif(current_setting('app.company_id', true),'')::int);
create role bo_app nologin; grant select,insert,update,delete on t to bo_app; grant usage on all sequences in schema public to bo_app;
insert into t(company_id,v) values (1,'a'),(2,'b');`);
console.log((await db.query('select current_user, usesuper from pg_user where usename=current_user')).rows);
await db.transaction(async (tx) => {
  await tx.query('set local role bo_app');
  await tx.query("select set_config('app.company_id','1',true)");
  console.log((await tx.query('select * from t')).rows, (await tx.query('select current_user')).rows);
});
console.log((await db.query('select current_user')).rows, (await db.query('select count(*) from t')).rows);
const t2 = Date.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t2, dump.size);
const t3 = Date.now();
const db2 = new PGlite({ loadDataDir: dump });
await db2.waitReady;
console.log('load', Date.now() - t3, (await db2.query('select count(*) from t')).rows);
