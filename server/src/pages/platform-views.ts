/**
 * The platform pages' HTML (spec section 2), data in and HTML out: platform.ts loads the data and
 * answers with it inside the layout (layout.ts), the stories show it (stories/platform). No
 * server-only import here (no database, no node module): what a page shows is passed in.
 */
import { formatIsoDate } from '../../../src/contract/format.js';
import { escapeHtml, frenchText, scriptJson } from './html.js';
import { askUs, type PageConfig } from './layout.js';

/** A page's content: trusted HTML, and its inline script when it has one (it gets the nonce). */
export interface PageContent {
  body: string;
  script?: string;
}

const row = (label: string, value: unknown) =>
  `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value) || '<span class="muted">—</span>'}</dd>`;

/** The signed-in user, as « Mon compte » shows them. */
export interface AccountUser {
  lastName: string;
  firstName: string;
  job: string;
  email: string;
  phone: string;
  admin: boolean;
}

/** The company, as the platform pages show it. */
export interface AccountCompany {
  name: string;
  managerFirstName: string;
  managerLastName: string;
  address: string;
  zipCode: string;
  city: string;
  phone: string;
  email: string;
  siret: string;
  vatNumber: string;
  scopes: string[];
  subscriptionPlan: string;
  subscriptionRenewsOn: string | null;
}

/** « Gestion chantier » is in the company's subscription (issue 24). */
const hasSiteManagement = (company: Pick<AccountCompany, 'scopes'>) =>
  company.scopes.includes('gestion-de-chantier');

/** « Mon compte »; no user: the account was removed since the token was issued. */
export function myAccountPage(
  config: PageConfig,
  user: AccountUser | undefined,
  company: AccountCompany,
): PageContent {
  if (!user)
    return {
      body: `<p>Ce compte est introuvable. <a href="/login">Se reconnecter</a></p>`,
    };
  return {
    body: `
        <section class="card" aria-labelledby="me">
          <h2 id="me">Mes informations</h2>
          <dl>
            ${row('Nom', user.lastName)}${row('Prénom', user.firstName)}${row('Fonction', user.job)}
            ${row('Adresse email', user.email)}${row('Téléphone', user.phone)}
            ${row('Rôle', user.admin ? 'Administrateur' : 'Utilisateur')}
          </dl>
        </section>
        <section class="card" aria-labelledby="company">
          <h2 id="company">Mon entreprise</h2>
          <dl>
            ${row('Raison sociale', company.name)}${row('Dirigeant', `${company.managerFirstName} ${company.managerLastName}`.trim())}
            ${row('Adresse', `${company.address}, ${company.zipCode} ${company.city}`)}${row('Téléphone', company.phone)}
            ${row('Email', company.email)}${row('SIRET', company.siret)}${row('N° de TVA intracommunautaire', company.vatNumber)}
          </dl>
        </section>
        <p><a href="${escapeHtml(config.clientOrigin)}/preferences/mon-compte">Modifier mes préférences</a> ·
           <a href="/app/enterprise/subscription/my-subscription">Mon abonnement</a> ·
           <a href="/logout">Se déconnecter</a></p>`,
  };
}

/** The elements « Espace privé » may draw (its sections' and the quote editor its script creates). */
export const privateSpaceTags = [
  'bo-quotes-list',
  'bo-quote-editor',
  'bo-price-library',
  'bo-site-management',
];

/**
 * « Espace privé » (/app/prive/), the legacy app's hash routes: the quotes, site management, the
 * price library and the release-and-redirect route.
 */

export function privateSpacePage(
  config: PageConfig,
  company: Pick<AccountCompany, 'scopes'>,
  /** The chunks each of its tags loads (the server's elementChunks): asked for as a section is shown. */
  chunks: Record<string, string[]> = {},
): PageContent {
  // « Gestion chantier » (issue 24): the element with the scope (its API answers 403
  // scope_required without it), the subscription message otherwise.
  const siteManagement = hasSiteManagement(company)
    ? `<template data-on-show><bo-site-management><p class="muted">Planifiez vos chantiers, saisissez les heures et les achats, suivez la marge de chaque affaire.</p></bo-site-management></template>`
    : `<p>La gestion de chantier n'est pas incluse dans votre abonnement.
           <a href="/app/enterprise/subscription/my-subscription">Voir mon abonnement</a></p>`;
  const allowedOrigins = [config.platformOrigin, config.clientOrigin];
  // <bo-price-library> has its own heading « Base de données »: the one among its children is
  // what the page shows until the element is defined (its shadow root then stands in for them).
  // Each section's elements wait in a <template data-on-show> until the section is first shown
  // (issue 27): in the page they would all load, ask the API and draw, hidden, before the one the
  // address shows (a quote opened at #/elaboration-devis?devis=9 waited behind the price library's
  // items, the quotes list and the site's jobs: Lighthouse mobile LCP 4.1 s).
  return {
    body: `
        <section class="card hash-section" id="section-elaboration-devis" data-hash="#/elaboration-devis"
                 aria-label="Élaboration des devis">
          <div id="quotes-list-view"><template data-on-show><bo-quotes-list></bo-quotes-list></template></div>
          <div id="quote-editor-view" hidden>
            <p><a href="#/elaboration-devis">← Retour aux devis</a></p>
          </div>
        </section>
        <section class="card hash-section" id="section-gestion-chantier" data-hash="#/gestion-chantier">
          <h2>Gestion de chantier</h2>${siteManagement}
        </section>
        <section class="card hash-section" id="section-base-donnees" data-hash="#/base-donnees"
                 aria-label="Base de données">
          <template data-on-show><bo-price-library><h2>Base de données</h2><p class="muted">Vos ouvrages, fournitures et prix de vente, utilisés dans vos devis et factures.</p></bo-price-library></template>
        </section>
        <section class="card hash-section" id="section-release-and-redirect" data-hash="#/release-and-redirect">
          <h2>Redirection en cours...</h2>
          <p class="muted">Vous allez être redirigé.</p>
        </section>
`,
    // Shows the section of the hash route; #/release-and-redirect?redirect=... (or ?redirect=
    // on the page) leaves for that address when it is on the platform or the client origin.
    // Quote preparation: <bo-quotes-list> dispatches bo-quote-open {id} (a quote chosen, or a
    // new draft); #/elaboration-devis?devis={id} then shows <bo-quote-editor quote-id> in place
    // of the list (Back, a reload or a shared link open the same quote), « Retour aux devis »
    // goes back to the list. The editor's bo-quote-opened (a new revision, a copy) moves the
    // address to the quote it now shows.
    script: `(() => {
  const allowed = ${scriptJson(allowedOrigins)};
  // The chunks of an element about to be drawn, asked for now rather than once define.js has run.
  const chunks = ${scriptJson(chunks)};
  const preload = (tag) => {
    for (const href of chunks[tag] || []) {
      if (document.querySelector('link[rel="modulepreload"][href="' + href + '"]')) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.fetchPriority = 'low';
      link.href = href;
      document.head.append(link);
    }
  };
  // What each template[data-on-show] inside place holds, put in its stead (once: it is then gone).
  const reveal = (place) => {
    for (const template of place.querySelectorAll('template[data-on-show]')) {
      for (const element of template.content.querySelectorAll('*')) preload(element.localName);
      template.replaceWith(template.content);
    }
  };
  const showQuote = (id) => {
    const list = document.getElementById('quotes-list-view');
    const view = document.getElementById('quote-editor-view');
    if (!list || !view) return;
    list.hidden = id !== null;
    view.hidden = id === null;
    let editor = view.querySelector('bo-quote-editor');
    if (id === null) {
      if (!editor) {
        reveal(list);
        return;
      }
      editor.remove();
      // A new list asks the server again: the quote may have been sent or answered meanwhile.
      preload('bo-quotes-list');
      list.replaceChildren(document.createElement('bo-quotes-list'));
      return;
    }
    if (!editor) {
      preload('bo-quote-editor');
      editor = document.createElement('bo-quote-editor');
      view.append(editor);
    }
    if (editor.getAttribute('quote-id') !== id) editor.setAttribute('quote-id', id);
  };
  // Another section shown while a quote is open: the editor goes (and its edit lock with it, which
  // a colleague would otherwise find held), and the list is drawn afresh when the quotes come back.
  const leaveQuote = () => {
    const list = document.getElementById('quotes-list-view');
    const editor = list && document.querySelector('#quote-editor-view bo-quote-editor');
    if (!editor) return;
    editor.remove();
    list.innerHTML = '<template data-on-show><bo-quotes-list></bo-quotes-list></template>';
  };
  const show = () => {
    const hash = location.hash || '#/elaboration-devis';
    const cut = hash.includes('?') ? hash.indexOf('?') : hash.length;
    const route = hash.slice(0, cut);
    const query = hash.slice(cut + 1);
    let found = false;
    for (const section of document.querySelectorAll('.hash-section')) {
      const active = section.dataset.hash === route;
      section.classList.toggle('active', active);
      // The quotes' section shows its list or its editor (showQuote), never both.
      if (active && section.id !== 'section-elaboration-devis') reveal(section);
      found ||= active;
    }
    if (!found) document.getElementById('section-elaboration-devis').classList.add('active');
    if (route === '#/elaboration-devis' || !found) {
      const quote = route === '#/elaboration-devis' ? new URLSearchParams(query).get('devis') : null;
      showQuote(quote && /^[0-9]+$/.test(quote) ? quote : null);
    } else leaveQuote();
    if (route === '#/release-and-redirect') {
      const target = new URLSearchParams(query).get('redirect') || new URLSearchParams(location.search).get('redirect');
      let url = null;
      try { url = target ? new URL(target, location.origin) : null; } catch {}
      location.replace(url && allowed.includes(url.origin) ? url.href : '/app/my-account');
    }
  };
  addEventListener('hashchange', show);
  // bo-quote-opened: the editor opened another quote itself (a new revision, a copy).
  const openQuote = (event) => {
    const id = event.detail && event.detail.id;
    if (Number.isInteger(id) && id > 0) location.hash = '#/elaboration-devis?devis=' + id;
  };
  addEventListener('bo-quote-open', openQuote);
  addEventListener('bo-quote-opened', openQuote);
  show();
})();`,
  };
}

/** « Mon abonnement »: the plan, its renewal, the seats used and the modules included. */
export function subscriptionPage(
  config: PageConfig,
  company: Pick<AccountCompany, 'name' | 'scopes' | 'subscriptionPlan' | 'subscriptionRenewsOn'>,
  seats: number,
): PageContent {
  const modules = ['Devis', 'Facturation', 'Règlements', 'Gestion clients', 'Mes applications (Pix4D, SEMA)'];
  if (hasSiteManagement(company)) modules.push('Gestion chantier');
  return {
    body: `
        <section class="card">
          <h2>Formule ${escapeHtml(company.subscriptionPlan)}</h2>
          <dl>
            ${row('Entreprise', company.name)}
            ${row('Prochain renouvellement', formatIsoDate(company.subscriptionRenewsOn ?? ''))}
            ${row('Utilisateurs', seats)}
          </dl>
          <h2>Modules inclus</h2>
          <ul>${modules.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>
          ${hasSiteManagement(company) ? '' : `<p class="muted">${frenchText('La gestion de chantier est disponible en option :')} ${askUs(config)}.</p>`}
        </section>`,
  };
}

/** How many rows of each kind the company has (« Export des données »). */
export interface DataCounts {
  customers: number;
  quotes: number;
  invoices: number;
  payments: number;
}

/** « Export des données »: the five exports (issue 25) and what the company has. */
export function exportDataPage(config: PageConfig, counts: DataCounts): PageContent {
  // The five exports (issue 25): the <bo-exports> element shows their forms in place; its
  // links to the client's pages are the fallback while it loads (or without scripts).
  const exports = [
    ['Journal de banque', '/facturation/reglements/export-journal-banque', `${counts.payments} règlements`],
    [
      'Bordereau de remise de chèques',
      '/facturation/reglements/export-bordereau-remise-cheque',
      'règlements par chèque',
    ],
    ['TVA collectée', '/facturation/reglements/export-tva-collectee', `${counts.invoices} factures`],
    ['Journal des ventes', '/facturation/exports', `${counts.invoices} factures`],
    ['Fichier des écritures comptables (FEC)', '/facturation/exports', 'ventes et banque'],
  ];
  return {
    body: `
        <p>Choisissez les données à exporter : les cinq exports comptables sont ici, comme dans la facturation.</p>
        <section class="card" aria-label="Exports comptables">
          <bo-exports><ul>${exports
            .map(
              ([label, path, detail]) =>
                `<li><a href="${escapeHtml(config.clientOrigin)}${escapeHtml(path)}">${escapeHtml(label)}</a> <span class="muted">(${escapeHtml(detail)})</span></li>`,
            )
            .join('')}</ul></bo-exports>
        </section>
        <section class="card">
          <h2>Vos données</h2>
          <dl>${row('Clients', counts.customers)}${row('Devis', counts.quotes)}${row('Factures', counts.invoices)}${row('Règlements', counts.payments)}</dl>
        </section>`,
  };
}

/**
 * « Suivi d'activité » (issue 24): the figures and the activity log, two sections of one page
 * reached from a link bar (docs/decisions.md « Suivi d'activité: one page, two sections »). Both
 * are elements that read the API themselves; an element not registered yet stays inert.
 * Each section holds a screen's height from the first paint (issue 27): <bo-reporting> is empty
 * until define.js and then its chunk have arrived, and the activity log under it, drawn in view
 * meanwhile, was pushed out of it (CLS 0.1 of 0.15 on a phone); the element's own reserve
 * (reporting.css.ts) only starts with its chunk, the page's holds before. Opened at #journal, the
 * log's section is a screen high at once: the browser scrolls it to the top of the view and keeps
 * it there (scroll anchoring) as the figures above it grow, rather than showing its first line at
 * the bottom of the view until they push it out.
 */
export function reportingPage(): PageContent {
  return {
    body: `
        <nav class="card" aria-label="Sections du suivi d'activité">
          <a href="#chiffres">Chiffres et graphiques</a> · <a href="#journal">Journal d'activité</a>
        </nav>
        <section id="chiffres" aria-label="Chiffres et graphiques" class="screen-high"><bo-reporting></bo-reporting></section>
        <section id="journal" aria-label="Journal d'activité" class="screen-high"><bo-activity-log></bo-activity-log></section>`,
  };
}

/** The help page's questions and answers. */
const faqEntries: [string, string][] = [
  [
    "Comment créer une facture à partir d'un devis ?",
    'Depuis la facturation, choisissez le devis accepté puis « Nouvelle facture ». Une seule facture provisoire peut exister par devis.',
  ],
  [
    'Puis-je repasser une facture validée en provisoire ?',
    "Oui, seulement si c'est la dernière partie validée du devis, que l'affaire n'a pas de date de réception des travaux et que la retenue de garantie n'a aucun règlement.",
  ],
  [
    'Comment enregistrer un règlement ?',
    'Dans Règlements > En attente, sélectionnez les factures puis « Payer ». Modes acceptés : virement, chèque, carte, espèces, prélèvement SEPA et avoir.',
  ],
  [
    'Comment gérer les taux de TVA ?',
    'Dans Réglages > Gestion TVA. Un pourcentage déjà utilisé ne peut plus être modifié ; créez un nouveau taux.',
  ],
  [
    'Qui peut ajouter des utilisateurs ?',
    "Les administrateurs de l'entreprise, depuis Réglages > Gestion des utilisateurs. Ils peuvent aussi verrouiller un compte ou retirer les droits d'administration.",
  ],
  [
    'Je ne suis plus connecté, que faire ?',
    'Votre session expire après 24 heures sans renouvellement. Reconnectez-vous depuis la page de connexion.',
  ],
];

/** The help page; public, and it offers to sign in to whoever is not. */
export function faqPage(config: PageConfig, signedIn: boolean): PageContent {
  return {
    body: `${faqEntries.map(([q, a]) => `<details class="card"><summary><strong>${frenchText(q)}</strong></summary><p>${frenchText(a)}</p></details>`).join('')}
          ${config.integrations.chatWidgetScriptUrl ? '<p class="muted">Une autre question ? Écrivez-nous depuis le chat.</p>' : ''}
          ${signedIn ? '' : '<p><a href="/login">Se connecter</a></p>'}`,
  };
}
