/** Issue 26.12: what `npm start` prints last says where the apps are and where sent mail lands. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startBanner } from '../src/start-banner.js';

const started = {
  seconds: 6.4,
  dbKind: 'pglite',
  platformUrl: 'http://[::]:3000',
  clientUrl: 'http://[::]:3001',
} as const;

describe('the start banner', () => {
  it('names both origins, the API docs, the demo logins and the outbox folder of a default start', () => {
    const banner = startBanner(loadConfig({}), started);
    expect(banner).toContain('prêt en 6.4 s (PGlite, ');
    expect(banner).toContain('Plateforme (API, /login, pages) : http://localhost:3000');
    expect(banner).toContain('Application client              : http://localhost:3001');
    expect(banner).toContain("Documentation de l'API          : http://localhost:3000/api/docs");
    expect(banner).toContain(
      'Courriels envoyés               : un fichier .eml par courriel dans .data/outbox/ (pas de SMTP_URL)',
    );
    expect(banner).toContain('admin@demo.fr');
    expect(banner).toContain('mot de passe : demo1234');
  });

  it('names an outbox moved by OUTBOX_DIR, and of an SMTP server only its host (never its password)', () => {
    expect(startBanner(loadConfig({ OUTBOX_DIR: '/var/mail/bo' }), started)).toContain(
      'dans /var/mail/bo/ (pas de SMTP_URL)',
    );
    const smtp = startBanner(loadConfig({ SMTP_URL: 'smtps://bo:s3cret@mail.example:465' }), started);
    expect(smtp).toContain('Courriels envoyés               : envoyés par le serveur SMTP mail.example:465');
    expect(smtp).not.toContain('s3cret');
  });
});
