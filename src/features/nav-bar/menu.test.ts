import { describe, expect, it } from 'vitest';
import { isDivider, type MenuEntry, topMenu, visibleMenu } from './menu';

const labels = (entries: MenuEntry[]) => entries.map((entry) => (isDivider(entry) ? '—' : entry.label));

describe('the top menu', () => {
  it('has the spec’s entries in order, Profil and help on the right', () => {
    const menu = topMenu({ helpUrl: 'https://aide.example/tutoriels' });
    expect(labels(menu)).toEqual([
      'Affaires',
      'Devis',
      'Gestion chantier',
      'Facturation',
      'Mes applications',
      'Base de données',
      'Gestion clients',
      "Suivi d'activité",
      'Profil',
      'Aide',
    ]);
    const byLabel = Object.fromEntries(menu.map((item) => [item.label, item]));
    expect(labels(byLabel.Facturation!.children!)).toEqual([
      'Mes factures',
      'Exports de facturation',
      '—',
      'Règlements',
      'Gestion des banques',
    ]);
    expect(labels(byLabel['Mes applications']!.children!)).toEqual(['Pix4D', 'SEMA']);
    expect(labels(byLabel.Profil!.children!)).toEqual([
      'Mon compte',
      'Réglages',
      'Mon abonnement',
      '—',
      'Se déconnecter',
    ]);
    expect(menu.filter((item) => item.position === 'right').map((item) => item.label)).toEqual([
      'Profil',
      'Aide',
    ]);
    expect(byLabel.Aide).toMatchObject({ url: 'https://aide.example/tutoriels', newTab: true });
    expect(topMenu().at(-1)?.url).toBe('/foire-aux-questions');
  });

  it('shows Gestion chantier only with the gestion-de-chantier scope, everything else to everyone', () => {
    expect(labels(visibleMenu(topMenu(), []))).not.toContain('Gestion chantier');
    expect(labels(visibleMenu(topMenu(), ['gestion-de-chantier']))).toContain('Gestion chantier');
    expect(visibleMenu(topMenu(), [])).toHaveLength(9);
    expect(labels(visibleMenu(topMenu(), [])[2]!.children!)).toHaveLength(5);
  });
});
