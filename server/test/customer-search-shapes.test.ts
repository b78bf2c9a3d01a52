/**
 * The customers' search planned once per connection (bo_customer_search, migration 0056) finds
 * exactly what the rule says, whichever of its statements answers: a customer whose search key
 * holds every word typed, without accents or case, or, for a number, its digits. Random customers
 * (names beyond ASCII among them, whose keys take the second branch) and random searches (short
 * words, one-character words, numbers, up to six words), each compared with that rule written
 * plainly in SQL: the same customers, in the same order, the same count.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@autre-demo.fr');
});
afterAll(() => h.close());

const companyId = 2;

/** A fixed seed: a failure names a search that fails again on the next run. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  return { next, int, pick };
}

const lastNames = [
  'Lefèvre',
  'Martin',
  'Bâtard',
  'Écuyer',
  'Öztürk',
  'Жуков',
  'Kowalczyk',
  'Dupont-98',
  'Ωmega',
  '東京',
];
const firstNames = ['Agnès', 'Étienne', 'Zoé', 'Anne', 'Ана', 'Noël'];
const cities = ['Lyon', 'Besançon', 'Saint-Étienne', 'Annecy', 'Zillisheim', 'Łódź'];

/** The rule, plainly: every word folded inside the key (strpos, no pattern), or the digits. */
async function expected(words: string[], digits: string | null): Promise<{ ids: number[]; hits: number }> {
  const wordList = sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await h.db.owner.execute(sql`select c.id from customers c
      where c.company_id = ${companyId}
        and (coalesce((select bool_and(strpos(c.search_key, bo_fold(w)) > 0) from unnest(array[${wordList}]) as w), false)
          or (${digits}::text is not null and strpos(c.search_key, ${digits}::text) > 0))
      order by c.name_key collate "C", c.id`),
  );
  return { ids: rows.map((r) => Number(r.id)).slice(0, 200), hits: rows.length };
}

/** What list.ts sends for `q` (its words and digits), to hand the same to the rule. */
function terms(q: string) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 10);
  const digits = q.replace(/\D/g, '');
  return { words, digits: /^[\d\s.+()/-]+$/.test(q) && digits.length >= 2 ? digits : null };
}

const search = async (q: string, sort = 'name') => {
  const response = await h.request(
    'GET',
    `/v2/companies/${companyId}/customers?q=${encodeURIComponent(q)}&sort=${sort}&limit=200`,
    { token },
  );
  expect(response.status).toBe(200);
  const page = (await response.json()) as { data: { id: number }[]; info: { hits: number } };
  return { ids: page.data.map((c) => c.id), hits: page.info.hits };
};

describe('the customers search of migration 0056', () => {
  beforeAll(async () => {
    const r = random(56);
    const values = [];
    for (let i = 0; i < 400; i++) {
      const n = r.int(3000);
      const lastName = `${r.pick(lastNames)}${r.next() < 0.6 ? ` ${n}` : r.next() < 0.5 ? `${n % 100}` : ''}`;
      const professional = r.next() < 0.3;
      const phone =
        r.next() < 0.7
          ? `0${1 + r.int(7)} ${String(r.int(100)).padStart(2, '0')} 98 ${String(n % 100).padStart(2, '0')} ${String(r.int(100)).padStart(2, '0')}`
          : '';
      values.push(
        sql`(${companyId}, ${professional ? 'professional' : 'private'}, ${r.pick(firstNames)}, ${lastName},
          ${professional ? `Bâti ${r.pick(cities)} ${n}` : ''}, ${`client${n}@exemple.fr`}, ${r.pick(cities)},
          ${String(10000 + r.int(90000))}, ${phone}, ${`RND-${i}`})`,
      );
    }
    await h.db.owner.execute(sql`insert into customers
      (company_id, type, first_name, last_name, company_name, email, city, zip_code, phone, customer_code)
      values ${sql.join(values, sql`, `)}`);
  });

  it('counts a key beyond ASCII once when both of its branches find it', async () => {
    const r = random(1);
    const ids = [];
    for (const lastName of ['Жуков 1998', 'Жуков-98', 'Жуков98']) {
      const rows = rowsOf<{ id: number }>(
        await h.db.owner.execute(sql`insert into customers (company_id, type, last_name, customer_code)
          values (${companyId}, 'private', ${lastName}, ${`ZH-${r.int(1e9)}`}) returning id`),
      );
      ids.push(Number(rows[0]!.id));
    }
    const found = await search('жуков 98');
    expect(found).toEqual(await expected(['жуков', '98'], null));
    for (const id of ids) expect(found.ids.filter((x) => x === id)).toHaveLength(1);
  });

  it('finds what the rule finds, for random searches of one to six words', async () => {
    const r = random(2756);
    const keys = rowsOf<{ search_key: string }>(
      await h.db.owner.execute(
        sql`select c.last_name || ' ' || c.first_name || ' ' || c.city || ' ' || c.phone || ' ' || c.company_name as search_key
          from customers c where c.company_id = ${companyId}`,
      ),
    ).map((row) => row.search_key);
    const word = () => {
      const kind = r.next();
      if (kind < 0.25) return r.pick(['98', '19', 'an', 'zo', 'é', 'ж', '1', '0', 'e9', '%', '_', 'ko']);
      const key = r.pick(keys);
      const length = 1 + r.int(7);
      const start = r.int(Math.max(1, key.length - length));
      const part = key.slice(start, start + length).trim();
      return r.next() < 0.3 ? part.toUpperCase() : part;
    };
    const queries = ['lefevre 98', 'LEFÈVRE 98 agnes', 'bati lyon 98 zoe anne 19', 'öztürk', 'ана 98'];
    for (let i = 0; i < 120; i++) {
      if (r.next() < 0.15) {
        const phone = r
          .pick(keys)
          .replace(/[^\d ]/g, '')
          .trim();
        const start = r.int(Math.max(1, phone.length - 4));
        queries.push(phone.slice(start, start + 2 + r.int(8)) || '98');
      } else {
        queries.push(
          Array.from({ length: 1 + r.int(6) }, word)
            .filter(Boolean)
            .join(' ') || 'an',
        );
      }
    }
    for (const q of queries) {
      const { words, digits } = terms(q);
      const want = await expected(words, digits);
      expect({ q, ...(await search(q)) }).toEqual({ q, ...want });
      expect({ q, hits: (await search(q, 'city')).hits }).toEqual({ q, hits: want.hits });
    }
  });

  it('takes LIKE wildcards and backslashes as the characters typed', async () => {
    for (const q of ['lefevre %', 'lefevre \\', 'a_b lyon', '98 %']) {
      const { words, digits } = terms(q);
      expect({ q, ...(await search(q)) }).toEqual({ q, ...(await expected(words, digits)) });
    }
  });
});
