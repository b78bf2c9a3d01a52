import { expect, type Locator, type Page, test } from '@playwright/test';
import { PLATFORM } from './playwright.config';
import { companyApi } from './support/companyApi';
import { signInAt } from './support/signIn';

/**
 * The price library as a new user does it, in the UI against the real server (issue 22): the
 * company's costs set on « Coûts et prix de vente », two supplies and a labour item, a work composed
 * of them with its déboursé sec and sale price; a supply's purchase price changed and the work's
 * price following it; a quote written from the library, the work's composition changed for that
 * quote only, and its margin read; a supplier's price list of 1 000 lines imported and listed.
 */

/** « 43,00 € » as the product writes it (a no-break space before the symbol). */
const euros = (text: string) => new RegExp(`${text}\\s€`);

/** The costs screen's field, by its label. */
const costField = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** The list's search box: what is typed is searched after a pause (the list's own debounce). */
async function search(library: Locator, text: string) {
  await library.getByRole('searchbox', { name: 'Rechercher un élément' }).fill(text);
}

/** The list's row of an item, by its designation. */
const row = (library: Locator, designation: string) =>
  library
    .getByRole('table', { name: 'Éléments de la bibliothèque' })
    .getByRole('row')
    .filter({ has: library.page().getByRole('button', { name: designation, exact: true }) });

/** « Nouvel élément » → the kind → the sheet's form, named after the kind. */
async function newItem(library: Locator, kind: string): Promise<Locator> {
  await library.getByRole('button', { name: 'Nouvel élément' }).click();
  await library.getByRole('button', { name: kind }).click();
  const form = library.getByRole('form', { name: kind });
  await expect(form).toBeVisible();
  return form;
}

/** A supply typed in its sheet and created; back to the list. */
async function createSupply(library: Locator, [code, designation, unit, price]: string[]) {
  const form = await newItem(library, 'Nouvelle fourniture');
  await form.getByRole('textbox', { name: 'Code' }).fill(code!);
  await form.getByRole('textbox', { name: /^Désignation/ }).fill(designation!);
  await form.getByRole('textbox', { name: /^Unité/ }).fill(unit!);
  await form.getByRole('textbox', { name: /^Prix d'achat HT/ }).fill(price!);
  await form.getByRole('button', { name: 'Créer la fourniture' }).click();
  await expect(library.getByRole('form', { name: designation })).toBeVisible();
  await library.getByRole('button', { name: 'Retour à la liste' }).click();
}

/** A component chosen in the work's search box, then its quantity typed. */
async function addComponent(form: Locator, typed: string, designation: string, quantity: string) {
  await form.getByRole('combobox', { name: 'Ajouter un composant' }).fill(typed);
  await form.getByRole('option', { name: new RegExp(designation) }).click();
  const field = form.getByRole('textbox', { name: `Quantité de ${designation}` });
  await field.fill(quantity);
}

/** The sheet's « Prix calculés »: déboursé sec, then sale price. */
async function expectFigures(form: Locator, cost: string, sale: string) {
  const figures = form.getByRole('region', { name: 'Prix calculés' });
  await expect(figures.locator('dd').nth(0)).toHaveText(euros(cost));
  await expect(figures.locator('dd').nth(1)).toHaveText(euros(sale));
}

/** A figure of the quote editor's « Marges (non imprimées) », by its term. */
const marginFigure = (margins: Locator, term: string) =>
  margins
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A supplier's price list as Excel writes it on a French Windows: « ; », French decimals. */
function priceList(lines: number): Buffer {
  const rows = ['Code;Désignation;Unité;Prix HT;Famille'];
  for (let i = 1; i <= lines; i += 1) {
    const cents = 100 + i;
    rows.push(
      `E2E-IMP-${String(i).padStart(4, '0')};Article importé ${i};u;${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')};Import E2E`,
    );
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1');
}

test('costs set, two supplies and labour, a work priced from them and following a price change, a quote written from it and its margin read, a 1 000-line price list imported', async ({
  page,
}) => {
  test.setTimeout(300_000);

  // « Coûts et prix de vente »: 40 €/h, no charges nor structure costs, 25 % of benefit (50 €/h
  // sold), materials sold at cost × 1,5.
  await signInAt(page, '/preferences/couts-et-prix', 'admin@demo.fr');
  for (const [label, value] of [
    ["Coût de la main-d'œuvre directe (€/h)", '40'],
    ['Charges patronales (%)', '0'],
    ['Heures de chantier par an', '1600'],
    ["Coût d'achat des matériaux (€)", '0'],
    ['Frais de chantier (€)', '0'],
    ['Charges indirectes (€)', '0'],
    ['Frais généraux (€)', '0'],
    ['Aléas (%)', '0'],
    ['Bénéfice (%)', '25'],
    ["Coefficient de vente main-d'œuvre", '1'],
    ['Coefficient de vente matériaux', '1,5'],
  ] as const) {
    await costField(page, label).fill(value);
  }
  await page.getByRole('button', { name: /^Enregistrer/ }).click();
  await expect(page.getByText('Les informations ont été mises à jour.').first()).toBeVisible();

  // « Base de données » on the platform page.
  await page.goto(`${PLATFORM}/app/prive/#/base-donnees`);
  const library = page.locator('bo-price-library');
  await expect(library.getByRole('searchbox', { name: 'Rechercher un élément' })).toBeVisible();

  await createSupply(library, ['E2E-PLA', 'Plaque de plâtre E2E', 'm²', '5,00']);
  await createSupply(library, ['E2E-RAI', 'Rail métallique E2E', 'ml', '2,00']);
  const labour = await newItem(library, "Nouvelle main-d'œuvre");
  await labour.getByRole('textbox', { name: 'Code' }).fill('E2E-MO');
  await labour.getByRole('textbox', { name: /^Désignation/ }).fill('Pose plaquiste E2E');
  await labour.getByRole('button', { name: "Créer la main-d'œuvre" }).click();
  await expect(library.getByRole('form', { name: 'Pose plaquiste E2E' })).toBeVisible();
  await library.getByRole('button', { name: 'Retour à la liste' }).click();

  // The work: 2 m² of board, 1 m of rail, half an hour of labour.
  const work = await newItem(library, 'Nouvel ouvrage');
  await work.getByRole('textbox', { name: 'Code' }).fill('E2E-CLO');
  await work.getByRole('textbox', { name: /^Désignation/ }).fill('Cloison E2E');
  await work.getByRole('textbox', { name: /^Unité/ }).fill('m²');
  await addComponent(work, 'E2E-PLA', 'Plaque de plâtre E2E', '2');
  await addComponent(work, 'E2E-RAI', 'Rail métallique E2E', '1');
  await addComponent(work, 'E2E-MO', 'Pose plaquiste E2E', '0,5');
  // Déboursé sec 2 × 5 + 2 + 0,5 × 40 = 32,00 €; sold 2 × 7,50 + 3 + 0,5 × 50 = 43,00 €.
  await expectFigures(work, '32,00', '43,00');
  await work.getByRole('button', { name: "Créer l'ouvrage" }).click();
  const saved = library.getByRole('form', { name: 'Cloison E2E' });
  await expect(saved).toBeVisible();
  await expectFigures(saved, '32,00', '43,00');
  await library.getByRole('button', { name: 'Retour à la liste' }).click();
  await search(library, 'cloison e2e');
  await expect(row(library, 'Cloison E2E')).toContainText(euros('32,00'));
  await expect(row(library, 'Cloison E2E')).toContainText(euros('43,00'));

  // The board's purchase price goes up to 6,00 €: the work's price follows.
  await search(library, 'E2E-PLA');
  await row(library, 'Plaque de plâtre E2E').getByRole('button', { name: 'Plaque de plâtre E2E' }).click();
  const board = library.getByRole('form', { name: 'Plaque de plâtre E2E' });
  await board.getByRole('textbox', { name: /^Prix d'achat HT/ }).fill('6,00');
  await board.getByRole('button', { name: "Enregistrer l'élément" }).click();
  // The toast is the page's (the shell's « Messages » region), not the element's.
  await expect(
    library.page().getByRole('region', { name: 'Messages' }).getByText("L'élément a été enregistré."),
  ).toBeVisible();
  await library.getByRole('button', { name: 'Retour à la liste' }).click();
  await search(library, 'cloison e2e');
  // 2 × 6 + 2 + 20 = 34,00 €; 2 × 9 + 3 + 25 = 46,00 €.
  await expect(row(library, 'Cloison E2E')).toContainText(euros('34,00'));
  await expect(row(library, 'Cloison E2E')).toContainText(euros('46,00'));

  // A quote written from the library. The quote itself is made through the API (its creation screen
  // is e2e/quotes.spec.ts's); its line is added and typed in the editor of the platform's « Devis » page.
  const api = await companyApi(page);
  const [job] = await api.get<{ id: number }[]>('/business-jobs?limit=1');
  const quote = await api.post<{ id: number }>('/quotes', {
    businessJobId: job!.id,
    title: 'Cloisons de la chambre',
    items: [],
  });
  await page.goto(`${PLATFORM}/app/prive/#/elaboration-devis?devis=${quote.id}`);
  const editor = page.locator('bo-quote-editor');
  await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const designation = editor.getByRole('combobox', { name: 'Désignation, ligne 1' });
  // Typed in lower case without its accents, as on a phone: the library's work is offered.
  await designation.fill('cloison e2e');
  await editor.getByRole('option', { name: /Cloison E2E/ }).click();
  await expect(designation).toHaveValue('Cloison E2E');
  await expect(editor.getByRole('textbox', { name: 'Unité, ligne 1' })).toHaveValue('m²');
  await expect(editor.getByRole('textbox', { name: 'Prix unitaire HT, ligne 1' })).toHaveValue('46');
  await editor.getByRole('textbox', { name: 'Quantité, ligne 1' }).fill('10');

  // Its margin: 10 m² sold 460,00 € for 340,00 € of déboursé sec.
  await editor.getByRole('checkbox', { name: 'Afficher les marges' }).check();
  const margins = editor.getByRole('region', { name: 'Marges (non imprimées)' });
  await expect(marginFigure(margins, 'Déboursé sec total')).toHaveText(euros('340,00'));
  await expect(marginFigure(margins, 'Total HT après remise')).toHaveText(euros('460,00'));
  await expect(marginFigure(margins, 'Marge HT')).toHaveText(euros('120,00'));
  await expect(marginFigure(margins, 'Taux de marge')).toHaveText(/^26,09\s%$/);

  // The work's composition, for this quote only: three boards a m² instead of two. The line's
  // price follows (40,00 € of cost, 55,00 € sold a m²), the library's work does not.
  await editor.getByRole('button', { name: "Détailler l'ouvrage (3 composants)" }).click();
  await editor.getByRole('textbox', { name: 'Quantité par unité, Plaque de plâtre E2E' }).fill('3');
  await expect(editor.getByRole('textbox', { name: 'Prix unitaire HT, ligne 1' })).toHaveValue('55');
  await expect(marginFigure(margins, 'Déboursé sec total')).toHaveText(euros('400,00'));
  await expect(marginFigure(margins, 'Marge HT')).toHaveText(euros('150,00'));
  await expect(editor.getByText('Brouillon enregistré')).toBeVisible({ timeout: 20_000 });
  const written = await api.get<{ items: { unitPriceCents: number; costCents?: number }[] }>(
    `/quotes/${quote.id}`,
  );
  expect(written.items[0]).toMatchObject({ unitPriceCents: 5500, costCents: 4000 });
  const [libraryWork] =
    await api.get<{ costCents: number; salePriceCents: number }[]>('/library/items?q=E2E-CLO');
  expect(libraryWork).toMatchObject({ costCents: 3400, salePriceCents: 4600 });

  // A supplier's price list of 1 000 lines, generated here.
  await page.goto(`${PLATFORM}/app/prive/#/base-donnees`);
  await library.getByRole('button', { name: 'Importer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Importer une liste de prix' });
  await dialog
    .getByLabel('Fichier de la liste de prix')
    .setInputFiles({ name: 'tarif-fournisseur.csv', mimeType: 'text/csv', buffer: priceList(1000) });
  await expect(dialog.getByRole('table', { name: /^Aperçu des/ })).toContainText('Article importé 1');
  await dialog.getByRole('button', { name: /^Importer 1\s000 lignes$/ }).click();
  await expect(dialog.getByText(/Import terminé : 1\s000 éléments créés/)).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  await search(library, 'E2E-IMP-0777');
  // 8,77 € bought, sold × 1,5 = 13,155 → 13,16 €.
  await expect(row(library, 'Article importé 777')).toContainText(euros('8,77'));
  await expect(row(library, 'Article importé 777')).toContainText(euros('13,16'));
  // Every line of the file is in the library: the pager counts them.
  await search(library, 'article importe');
  await expect(library.getByText(/^1–50 sur 1\s000$/)).toBeVisible();
});
