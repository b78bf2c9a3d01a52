import { describe, expect, it } from 'vitest';
import { preferencesPages } from '../../routes/paths';
import { isCurrentPreference, preferencesMenu } from './preferencesMenu';

const currentOn = (pathname: string) =>
  preferencesMenu.filter((entry) => isCurrentPreference(entry, pathname)).map((entry) => entry.label);

describe('the preferences side menu', () => {
  it('lists the fourteen preferences pages in the spec’s order, each with a French label', () => {
    expect(preferencesMenu.map((entry) => entry.path)).toEqual([...preferencesPages]);
    expect(preferencesMenu.map((entry) => entry.label)).toEqual([
      'Mon compte',
      "Informations de l'entreprise",
      'Gestion des utilisateurs',
      'Gestion de la TVA',
      'Format du code client',
      "Paramètres d'envoi",
      'Paramètres des factures',
      'Paramètres des devis',
      'Paramètres généraux des documents',
      'Format des documents',
      'Conditions générales de vente',
      'Coûts et prix de vente',
      'Comptabilité',
      'Gestion des banques',
    ]);
  });

  it('marks one entry: its own page, trailing slash or not', () => {
    expect(currentOn('/preferences/gestion-tva')).toEqual(['Gestion de la TVA']);
    expect(currentOn('/preferences/documents/formats/')).toEqual(['Format des documents']);
    expect(currentOn('/preferences/comptabilite/gestion-banques')).toEqual(['Gestion des banques']);
    expect(currentOn('/preferences/gestion-comptabilite')).toEqual(['Comptabilité']);
  });

  it('marks Mon compte on /preferences, /preferences/ and the subscription page (spec)', () => {
    expect(currentOn('/preferences/mon-compte')).toEqual(['Mon compte']);
    expect(currentOn('/preferences')).toEqual(['Mon compte']);
    expect(currentOn('/preferences/')).toEqual(['Mon compte']);
    expect(currentOn('/app/enterprise/subscription/my-subscription')).toEqual(['Mon compte']);
  });

  it('marks none elsewhere', () => {
    expect(currentOn('/gestion-clients')).toEqual([]);
    expect(currentOn('/preferences/inconnue')).toEqual([]);
    expect(currentOn('/app/my-account')).toEqual([]);
  });
});
