/**
 * The users' list the database keeps (migration 0051, users_list): after the API's own changes of
 * users (create, edit, lock, admin right, a password), and after changes sent at the
 * same time in two companies and within one, the list the route answers is exactly the one computed
 * from the users (the expression the list statement used before 0051), on the database the suite
 * runs on (PostgreSQL with DATABASE_URL: there the concurrent writes really overlap).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyApi } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin1: string;
let admin2: string;
const api = companyApi(
  () => h,
  () => admin1,
);

beforeAll(async () => {
  h = await bootHarness();
  admin1 = await h.tokenFor('admin@demo.fr');
  const [second] = (
    (await h.db.owner.execute(
      sql`select email from users where company_id = 2 and admin order by id limit 1`,
    )) as unknown as { rows: { email: string }[] }
  ).rows;
  admin2 = await h.tokenFor(second!.email);
});
afterAll(() => h.close());

/** The list as computed from the users, as the route answered before 0051. */
async function computed(company: number): Promise<unknown[]> {
  const [row] = (
    (await h.db.owner.execute(sql`select '[' || coalesce(string_agg(row_to_json(u)::text, ','
        order by u."lastName", u."firstName", u.id), '') || ']' as data
      from (select id, locked, admin, last_name as "lastName", first_name as "firstName", job, email, phone, version
            from users where company_id = ${company}) u`)) as unknown as { rows: { data: string }[] }
  ).rows;
  return JSON.parse(row!.data);
}

async function answered(company: number, token: string): Promise<unknown[]> {
  const response = await api('GET', '/users', undefined, token, company);
  expect(response.status).toBe(200);
  return response.body.data as unknown[];
}

const newUser = (tag: string) => ({
  lastName: `Liste ${tag}`,
  firstName: 'Essai',
  email: `liste.${tag}@exemple.fr`,
  password: 'chantier2026',
});

describe('the users list kept by the database (0051)', () => {
  it('follows creates, edits, locks and rights; a password changes nothing', async () => {
    expect(await answered(1, admin1)).toEqual(await computed(1));
    const created = await api('POST', '/users', newUser('a'));
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(await answered(1, admin1)).toEqual(await computed(1));
    expect((await answered(1, admin1)).map((u) => (u as { id: number }).id)).toContain(id);

    const edit = (json: object) => api('POST', `/users/${id}/edit`, { id, ...json });
    let version = created.body.data.version as number;
    for (const change of [
      { lastName: 'Aaa premier' },
      { locked: true },
      { admin: true },
      { phone: '06 11 22 33 44' },
    ]) {
      const edited = await edit({ ...change, version });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      version = edited.body.data.version as number;
      const list = await answered(1, admin1);
      expect(list).toEqual(await computed(1));
      expect(list).toContainEqual(expect.objectContaining({ id, version }));
    }
    // The renamed user comes first in the list's order.
    expect((await answered(1, admin1))[0]).toMatchObject({ id, lastName: 'Aaa premier' });

    // A password is not in the list: the kept row is not written again.
    const lastWrite = async () =>
      (
        (await h.db.owner.execute(
          sql`select xmin::text as x from users_list where company_id = 1`,
        )) as unknown as { rows: { x: string }[] }
      ).rows[0]!.x;
    const before = await lastWrite();
    await h.db.owner.execute(sql`update users set password_hash = password_hash where id = ${id}`);
    const after = await lastWrite();
    expect(after).toBe(before);
    expect(await answered(1, admin1)).toEqual(await computed(1));
  });

  it('holds every change sent at the same time, in one company and in two; each company sees its own', async () => {
    const requests = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 2
        ? api('POST', '/users', newUser(`c2-${i}`), admin2, 2)
        : api('POST', '/users', newUser(`c1-${i}`), admin1, 1),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ones = await answered(1, admin1);
    const twos = await answered(2, admin2);
    expect(ones).toEqual(await computed(1));
    expect(twos).toEqual(await computed(2));
    const emails = (list: unknown[]) => list.map((u) => (u as { email: string }).email);
    expect(emails(ones).filter((e) => e.startsWith('liste.c1-'))).toHaveLength(8);
    expect(emails(twos).filter((e) => e.startsWith('liste.c2-'))).toHaveLength(4);
    expect(emails(ones).some((e) => e.startsWith('liste.c2-'))).toBe(false);

    // Edits of several users of one company at once (each its own transaction).
    const mine = (ones as { id: number; version: number; email: string }[]).filter((u) =>
      u.email.startsWith('liste.c1-'),
    );
    const edits = await Promise.all(
      mine.map((u, i) =>
        api('POST', `/users/${u.id}/edit`, { id: u.id, version: u.version, job: `Poste ${i}` }),
      ),
    );
    expect(edits.map((e) => e.status)).toEqual(edits.map(() => 200));
    const edited = await answered(1, admin1);
    expect(edited).toEqual(await computed(1));
    expect(edited.filter((u) => (u as { job: string }).job.startsWith('Poste '))).toHaveLength(mine.length);
  });

  it("another company's token does not read this company's list", async () => {
    const response = await api('GET', '/users', undefined, admin2, 1);
    expect(response.status).toBe(403);
  });
});
