/**
 * « Mot de passe oublié ? » (issue 26, item 1): the link by mail works once, for an hour; only its
 * hash is stored; using it voids the user's other links and ends their sessions; the answer is the
 * same for a known and an unknown address and does not wait for the look-up or the mail; the
 * sign-in throttle applies; forms from another site are refused.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottleDefaults } from '../src/auth/login-throttle.js';
import { resetMailsSettled } from '../src/auth/password-resets.js';
import { passwordResets } from '../src/db/schema.js';
import type { OutgoingMail } from '../src/mail/mailer.js';
import { passwordResetMessages } from '../src/pages/password-reset.js';
import { platformOrigin, testPassword } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

const sent: OutgoingMail[] = [];
/** While set, the mailer waits for it: the answers must not. */
let mailGate: Promise<void> | undefined;

let h: Harness;
beforeAll(async () => {
  h = await bootHarness({
    deps: {
      mailer: {
        async send(mail) {
          await mailGate;
          sent.push(mail);
          return { messageId: `<${sent.length}@test>` };
        },
      },
    },
  });
});
afterAll(async () => {
  await resetMailsSettled();
  await h.close();
});

let peerCount = 0;
/** Each test from an address of its own: the sign-in counters of one do not reach another. */
const newPeer = () => `203.0.113.${++peerCount}`;

const post = (url: string, fields: Record<string, string>, { peer = newPeer(), headers = {} } = {}) =>
  h.apps.platform.request(url, { method: 'POST', body: new URLSearchParams(fields), headers }, {
    incoming: { socket: { remoteAddress: peer } },
  } as never);
const get = (url: string) => h.apps.platform.request(url);

const askForLink = (email: string, options?: { peer?: string; headers?: Record<string, string> }) =>
  post('/mot-de-passe-oublie', { email }, options);

const linkRe = new RegExp(`${platformOrigin}/nouveau-mot-de-passe/([A-Za-z0-9_-]{43})`);

/** Asks for a link for `email` and returns it (read from the mail sent). */
async function linkFor(email: string): Promise<{ url: string; token: string }> {
  const before = sent.length;
  expect((await askForLink(email)).status).toBe(200);
  await resetMailsSettled();
  const mail = sent.slice(before).find((m) => m.to === email);
  const match = linkRe.exec(mail?.text ?? '');
  expect(match, `a link mailed to ${email}`).not.toBeNull();
  return { url: new URL(match![0]).pathname, token: match![1]! };
}

const signIn = (email: string, password: string) => post('/login', { email, password, redirect: '' });

describe('the sign-in page', () => {
  it('offers « Mot de passe oublié ? », which leads to a French form', async () => {
    const login = await (await get('/login')).text();
    // « ? » kept with its word (pages/html.ts frenchText).
    expect(login).toContain(
      '<a href="/mot-de-passe-oublie">Mot de passe <span class="together">oublié ?</span></a>',
    );
    const response = await get('/mot-de-passe-oublie');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Mot de passe oublié</h1>');
    expect(html).toContain('<label for="email">Adresse email</label>');
    expect(html).toContain('Envoyer le lien');
    expect(html).not.toMatch(/[\u2018\u2019]/);
  });
});

describe('asking for a link', () => {
  it('answers the same words for a known and an unknown address; only the known one gets a mail', async () => {
    const before = sent.length;
    const known = await askForLink('camille.petit@demo.fr');
    const unknown = await askForLink('personne@demo.fr');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    const normalise = (html: string, email: string) =>
      html.replaceAll(email, 'EMAIL').replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(normalise(await known.text(), 'camille.petit@demo.fr')).toBe(
      normalise(await unknown.text(), 'personne@demo.fr'),
    );
    await resetMailsSettled();
    const mails = sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual(['camille.petit@demo.fr']);
    expect(mails[0]!.subject).toBe('Réinitialisation de votre mot de passe bo-elements');
    expect(mails[0]!.text).toContain('Bonjour Camille,');
    expect(mails[0]!.text).toContain('une seule fois, pendant une heure');
    expect(mails[0]!.text).toMatch(linkRe);
    expect(mails[0]!.text).not.toMatch(/[\u2018\u2019]/);
  });

  it('answers before the look-up and the mail are done: the answer time says nothing', async () => {
    let release: () => void = () => {};
    mailGate = new Promise((resolve) => {
      release = resolve;
    });
    const before = sent.length;
    try {
      const answer = await askForLink('camille.petit@demo.fr');
      expect(answer.status).toBe(200);
      // Answered while the mail is still held back.
      expect(sent.length).toBe(before);
    } finally {
      release();
      mailGate = undefined;
    }
    await resetMailsSettled();
    expect(sent.length).toBe(before + 1);
  });

  it('sends nothing to a locked account, and says the same', async () => {
    const before = sent.length;
    const answer = await askForLink('thomas.leroy@demo.fr');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Si un compte existe pour l&#39;adresse thomas.leroy@demo.fr');
    await resetMailsSettled();
    expect(sent.length).toBe(before);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await linkFor('camille.petit@demo.fr');
    const rows = await h.db.owner.select().from(passwordResets);
    expect(JSON.stringify(rows)).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.tokenHash === hash)).toBe(true);
  });

  it('says in French what is missing or malformed, without a 5xx on bad input', async () => {
    const missing = await askForLink('');
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain('Ce champ est obligatoire.');
    const malformed = await askForLink('pas-une-adresse');
    expect(malformed.status).toBe(422);
    expect(await malformed.text()).toContain('Ce champ doit être une adresse email valide.');
    const broken = await h.apps.platform.request('/mot-de-passe-oublie', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not multipart',
    });
    expect(broken.status).toBeLessThan(500);
  });

  it('refuses a form posted from another site, and sends nothing', async () => {
    const before = sent.length;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const answer = await askForLink('camille.petit@demo.fr', { headers });
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain(passwordResetMessages.foreignForm);
    }
    await resetMailsSettled();
    expect(sent.length).toBe(before);
  });

  it('is throttled as sign-in is: per account, whatever the address', async () => {
    const email = 'inconnu-limite@demo.fr';
    const statuses: number[] = [];
    for (let i = 0; i < loginThrottleDefaults.account.limit; i++) {
      statuses.push((await askForLink(email)).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await askForLink(email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.text()).toContain(passwordResetMessages.tooMany);
  });

  it('is throttled as sign-in is: per address, whatever the account', async () => {
    const peer = newPeer();
    const statuses: number[] = [];
    for (let i = 0; i <= loginThrottleDefaults.address.limit; i++) {
      statuses.push((await askForLink(`adresse-${i}@exemple.fr`, { peer })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(loginThrottleDefaults.address.limit);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the link', () => {
  it('sets a new password with the account rules, once; the old one and every session end', async () => {
    const email = 'user@demo.fr';
    const session = await h.tokenFor(email);
    const older = await linkFor(email);
    const { url } = await linkFor(email);

    const form = await get(url);
    expect(form.status).toBe(200);
    expect(form.headers.get('cache-control')).toBe('no-store');
    // Another site never learns the token from a Referer.
    expect(form.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await form.text();
    expect(html).toContain('<h1>Nouveau mot de passe</h1>');
    expect(html).toContain('Compte : user@demo.fr');

    const tooShort = await post(url, { password: 'court', confirmation: 'court' });
    expect(tooShort.status).toBe(422);
    expect(await tooShort.text()).toContain('Le mot de passe doit contenir au moins 8 caractères.');
    const mismatch = await post(url, { password: 'nouveau-secret', confirmation: 'autre-secret' });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain('Les deux mots de passe ne sont pas identiques.');
    expect((await post(url, { password: '', confirmation: '' })).status).toBe(422);

    const before = sent.length;
    const done = await post(url, { password: 'nouveau-secret', confirmation: 'nouveau-secret' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(
      'Votre mot de passe est modifié. Toutes vos sessions ouvertes ont été',
    );

    // Once: this link and the older one open nothing any more.
    for (const spent of [url, older.url]) {
      expect((await get(spent)).status).toBe(410);
      const again = await post(spent, { password: 'encore-autre', confirmation: 'encore-autre' });
      expect(again.status).toBe(410);
      expect(await again.text()).toContain('Demander un nouveau lien');
    }
    // The sessions opened before the reset are over.
    expect((await h.request('GET', '/api/jwt/access-token/is-valid', { token: session })).status).toBe(401);
    // The old password no longer signs in; the new one does.
    expect((await signIn(email, testPassword)).status).toBe(401);
    expect((await signIn(email, 'nouveau-secret')).status).toBe(303);
    // The user is told by mail.
    await resetMailsSettled();
    const notice = sent.slice(before).find((m) => m.to === email);
    expect(notice?.subject).toBe('Votre mot de passe bo-elements a été modifié');
    expect(notice?.text).toContain('Toutes vos sessions ouvertes ont été fermées.');
  });

  it('expires after an hour', async () => {
    const { url, token } = await linkFor('camille.petit@demo.fr');
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await h.db.owner.select().from(passwordResets).where(eq(passwordResets.tokenHash, hash));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await h.db.owner
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, hash));
    expect((await get(url)).status).toBe(410);
    expect((await post(url, { password: 'nouveau-secret', confirmation: 'nouveau-secret' })).status).toBe(
      410,
    );
  });

  it('an unknown or malformed token says the link is no longer valid', async () => {
    for (const url of ['/nouveau-mot-de-passe/abc', `/nouveau-mot-de-passe/${'A'.repeat(43)}`]) {
      const answer = await get(url);
      expect(answer.status).toBe(410);
      expect(await answer.text()).toContain('Ce lien de réinitialisation n&#39;est plus');
    }
  });

  it('refuses a new password posted from another site', async () => {
    const { url } = await linkFor('camille.petit@demo.fr');
    const answer = await post(
      url,
      { password: 'nouveau-secret', confirmation: 'nouveau-secret' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(answer.status).toBe(403);
    // The link still works for its owner.
    expect((await get(url)).status).toBe(200);
  });

  it('lets the owner sign in at once although the account was being guessed at', async () => {
    const email = 'admin@autre-demo.fr';
    for (let i = 0; i < loginThrottleDefaults.account.limit; i++) await signIn(email, 'devine');
    expect((await signIn(email, 'devine')).status).toBe(429);
    const { url } = await linkFor(email);
    expect((await post(url, { password: 'nouveau-secret', confirmation: 'nouveau-secret' })).status).toBe(
      200,
    );
    expect((await signIn(email, 'nouveau-secret')).status).toBe(303);
  });
});
