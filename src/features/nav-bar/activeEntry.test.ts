import { describe, expect, it } from 'vitest';
import { activeTrail } from './activeEntry';
import { topMenu } from './menu';

const origins = { platformOrigin: 'https://plateforme.example', clientOrigin: 'https://client.example' };
const menu = topMenu();

function trailAt(url: string) {
  const { origin, pathname, hash, search } = new URL(url);
  return activeTrail(menu, { origin, pathname, hash, search }, origins).map((entry) => entry.label);
}

describe('the current menu entry (spec "also active for" rules)', () => {
  it.each([
    ['https://client.example/facturation', ['Facturation']],
    ['https://client.example/facturation/edit', ['Facturation', 'Mes factures']],
    ['https://client.example/facturation/factures/42', ['Facturation', 'Mes factures']],
    ['https://client.example/facturation/nouvelle-facture/devis-7', ['Facturation', 'Mes factures']],
    ['https://client.example/facturation/reglements/en-attente', ['Facturation', 'Règlements']],
    ['https://client.example/facturation/reglements/recus', ['Facturation', 'Règlements']],
    ['https://client.example/facturation/reglements/export-journal-banque', ['Facturation', 'Règlements']],
    ['https://plateforme.example/app/enterprise/export-data', ['Facturation', 'Exports de facturation']],
    [
      'https://client.example/preferences/comptabilite/gestion-banques',
      ['Facturation', 'Gestion des banques'],
    ],
    ['https://client.example/affaires/12', ['Affaires']],
    ['https://client.example/mes-affaires', ['Affaires']],
    ['https://client.example/applications/sema/groupes-mesures/3', ['Mes applications', 'SEMA']],
    ['https://client.example/applications/', ['Mes applications']],
    // The platform's page of the same area: its hash routes are the client's paths.
    ['https://plateforme.example/app/applications/', ['Mes applications']],
    ['https://plateforme.example/app/applications/#/sema/groupes-mesures', ['Mes applications', 'SEMA']],
    ['https://plateforme.example/app/applications/#/pix4d/groupes-mesures/12', ['Mes applications', 'Pix4D']],
    ['https://client.example/gestion-clients/nouveau', ['Gestion clients']],
    ['https://client.example/preferences/', ['Profil', 'Mon compte']],
    ['https://client.example/preferences/mon-compte', ['Profil', 'Mon compte']],
    ['https://client.example/preferences/gestion-tva', ['Profil', 'Réglages']],
    ['https://plateforme.example/app/my-account', ['Profil', 'Mon compte']],
    ['https://plateforme.example/app/enterprise/subscription/my-subscription', ['Profil', 'Mon abonnement']],
    ['https://plateforme.example/app/prive/#/gestion-chantier', ['Gestion chantier']],
    ['https://plateforme.example/app/prive/#/elaboration-devis?x=1', ['Devis']],
    ['https://plateforme.example/app/reporting', ["Suivi d'activité"]],
    ['https://plateforme.example/foire-aux-questions', ['Aide']],
  ])('%s → %j', (url, trail) => {
    expect(trailAt(url)).toEqual(trail);
  });

  it('marks nothing on an unknown page or another origin', () => {
    expect(trailAt('https://client.example/inconnu')).toEqual([]);
    expect(trailAt('https://ailleurs.example/facturation')).toEqual([]);
    expect(trailAt('https://plateforme.example/facturation')).toEqual([]);
  });
});
