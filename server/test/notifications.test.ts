import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

interface NotificationJson {
  id: number;
  notification_param_id: number;
  title: string;
  description: string;
  valid_from: string;
  read_at: string | null;
  metadata: { link?: { href: string; label: string }; buttons?: { href: string; label: string }[] };
}
interface ListJson {
  data: NotificationJson[];
  info: { hits: number; totalUnreads: number };
}

const list = async (query = '') =>
  (await (await h.request('GET', `/v2/notifications${query}`, { token })).json()) as ListJson;

describe('GET /v2/notifications', () => {
  it('defaults to 10 from 0, newest valid_from first, with the counts', async () => {
    const { data, info } = await list();
    expect(data).toHaveLength(10);
    expect(info.hits).toBeGreaterThan(20);
    expect(info.totalUnreads).toBeGreaterThan(0);
    expect(info.totalUnreads).toBeLessThan(info.hits);
    const times = data.map((n) => Date.parse(n.valid_from));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(data[0]!).sort()).toEqual([
      'description',
      'id',
      'metadata',
      'notification_param_id',
      'read_at',
      'title',
      'valid_from',
    ]);
  });

  it('pages by 5 like the bell, without overlap', async () => {
    const first = await list('?limit=5&offset=0');
    const second = await list('?limit=5&offset=5');
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((n) => n.id)).size).toBe(10);
    expect(second.data.map((n) => n.id)).toEqual((await list('?limit=10')).data.slice(5).map((n) => n.id));
  });

  it('has HTML descriptions, links, buttons and read items', async () => {
    const { data } = await list('?limit=100');
    expect(data.some((n) => n.description.includes('<a href='))).toBe(true);
    expect(data.some((n) => n.metadata.link?.href)).toBe(true);
    expect(data.some((n) => (n.metadata.buttons?.length ?? 0) > 1)).toBe(true);
    expect(data.some((n) => n.read_at !== null)).toBe(true);
  });

  it('bounds limit and offset', async () => {
    for (const query of ['?limit=101', '?limit=0', '?limit=abc', '?offset=-1']) {
      const response = await h.request('GET', `/v2/notifications${query}`, { token });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { key: string } }).error.key).toBe('validation');
    }
    const pastTheEnd = await list('?limit=5&offset=1000');
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.info).toEqual((await list()).info);
  });
});

describe('what the bell counts', () => {
  it("only the caller's notifications already valid: not another user's, not one scheduled for later; a filter counts its own rows, the badge every unread one", async () => {
    const userId = await h.userId('admin@demo.fr');
    const otherId = await h.userId('user@demo.fr');
    const before = await list('?limit=100');
    const insert = (user: number, validFrom: string, title: string) =>
      h.db.owner.execute(
        sql`insert into notifications (company_id, user_id, notification_param_id, title, description, valid_from)
          values (1, ${user}, 1, ${title}, '', ${validFrom}::timestamptz)`,
      );
    await insert(userId, new Date(Date.now() + 86_400_000).toISOString(), 'Demain');
    await insert(otherId, new Date(Date.now() - 60_000).toISOString(), 'Pour un autre');
    const after = await list('?limit=100');
    expect(after.info).toEqual(before.info);
    expect(after.data.map((n) => n.title)).not.toContain('Demain');
    expect(after.data.map((n) => n.title)).not.toContain('Pour un autre');

    const unread = await list('?limit=100&read=false');
    const read = await list('?limit=100&read=true');
    expect(unread.info).toEqual({ hits: before.info.totalUnreads, totalUnreads: before.info.totalUnreads });
    expect(read.info).toEqual({
      hits: before.info.hits - before.info.totalUnreads,
      totalUnreads: before.info.totalUnreads,
    });
    expect(unread.data.every((n) => n.read_at === null)).toBe(true);
    expect(read.data.every((n) => n.read_at !== null)).toBe(true);
    expect((await list('?limit=5&offset=1000&read=true')).info).toEqual(read.info);
  });
});

describe('POST /v2/notifications/{id}/read', () => {
  it('marks read once, drops the unread count by one, keeps the first time', async () => {
    const before = await list('?limit=100');
    const unread = before.data.find((n) => n.read_at === null)!;
    const response = await h.request('POST', `/v2/notifications/${unread.id}/read`, { token });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: NotificationJson };
    expect(data.id).toBe(unread.id);
    expect(data.read_at).not.toBeNull();
    expect(Math.abs(Date.parse(data.read_at!) - Date.now())).toBeLessThan(60_000);
    expect((await list()).info.totalUnreads).toBe(before.info.totalUnreads - 1);

    const again = (await (
      await h.request('POST', `/v2/notifications/${unread.id}/read`, { token })
    ).json()) as { data: NotificationJson };
    expect(again.data.read_at).toBe(data.read_at);
    expect((await list()).info.totalUnreads).toBe(before.info.totalUnreads - 1);
  });

  it('404 for an unknown id', async () => {
    const response = await h.request('POST', '/v2/notifications/2147483647/read', { token });
    expect([response.status, await response.json()]).toEqual([404, { error: { key: 'not_found' } }]);
  });
});

describe('the seeded notifications (issue 26)', () => {
  it('name invoices of the company that exist, and link to them', async () => {
    const { data } = await list('?limit=100');
    const naming = data.filter((n) => /^Facture /.test(n.title));
    expect(naming.length).toBeGreaterThan(0);
    for (const notification of naming) {
      const href = notification.metadata.link?.href ?? '';
      const id = Number(/^\/facturation\/factures\/(\d+)$/.exec(href)?.[1]);
      expect(id, notification.title).toBeGreaterThan(0);
      const invoice = await h.request('GET', `/v2/companies/1/invoices/${id}`, { token });
      expect(invoice.status, href).toBe(200);
      const { data: found } = (await invoice.json()) as { data: { number: string | null } };
      expect(found.number).toBeTruthy();
      expect(notification.title).toContain(found.number!);
      expect(notification.description).toContain(`<a href="${href}">${found.number}</a>`);
    }
  });
});

describe('POST /v2/notifications/read-all', () => {
  it("reads every one of the caller's valid notifications, no one else's, keeping first reading times", async () => {
    const other = await h.tokenFor('user@demo.fr');
    const otherBefore = (await (
      await h.request('GET', '/v2/notifications', { token: other })
    ).json()) as ListJson;
    expect(otherBefore.info.totalUnreads).toBeGreaterThan(0);
    const before = await list('?limit=100');
    const alreadyRead = before.data.find((n) => n.read_at !== null)!;
    const userId = await h.userId('admin@demo.fr');
    await h.db.owner.execute(
      sql`insert into notifications (company_id, user_id, notification_param_id, title, description, valid_from)
        values (1, ${userId}, 1, 'Plus tard', '', now() + interval '1 day')`,
    );

    const response = await h.request('POST', '/v2/notifications/read-all', { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { read: before.info.totalUnreads } });

    const after = await list('?limit=100');
    expect(after.info).toEqual({ hits: before.info.hits, totalUnreads: 0 });
    expect(after.data.find((n) => n.id === alreadyRead.id)!.read_at).toBe(alreadyRead.read_at);
    // The one scheduled for later is still unread when it shows.
    await h.db.owner.execute(sql`update notifications set valid_from = now() where title = 'Plus tard'`);
    expect((await list()).info.totalUnreads).toBe(1);
    // Another user's are untouched.
    const otherAfter = (await (
      await h.request('GET', '/v2/notifications', { token: other })
    ).json()) as ListJson;
    expect(otherAfter.info).toEqual(otherBefore.info);
    // Nothing left: read 0.
    await h.request('POST', '/v2/notifications/read-all', { token });
    expect(await (await h.request('POST', '/v2/notifications/read-all', { token })).json()).toEqual({
      data: { read: 0 },
    });
  });

  it('401 without a token', async () => {
    expect((await h.request('POST', '/v2/notifications/read-all')).status).toBe(401);
  });
});
