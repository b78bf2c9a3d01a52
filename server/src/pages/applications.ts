/**
 * The platform's « Mes applications » page (`/app/applications/`, the platform main menu's entry):
 * the measure groups of Pix4D and SEMA as elements, in place, the way /app/prive/#/elaboration-devis
 * shows the quotes (issue 25). The hash routes mirror the client's paths:
 *   #/pix4d/groupes-mesures        <bo-measure-groups application="pix4d"> (also the default)
 *   #/sema/groupes-mesures         <bo-measure-groups application="sema">
 *   #/pix4d/groupes-mesures/12     <bo-measure-group group-id="12"> in place of the list
 * Connecting an application and its access key stay on the client's « Mes applications » screen
 * (no element for it), linked from here.
 */
import { applicationLabels, applicationTypes } from '../../../src/contract/measures.js';
import { escapeHtml, frenchText, scriptJson } from './html.js';
import type { PageConfig } from './layout.js';

export const applicationsPagePath = '/app/applications/';

/** The page's body and its script (the caller wraps them in the platform layout). */
export function applicationsPage(config: PageConfig): { body: string; script: string } {
  const client = escapeHtml(config.clientOrigin);
  const links = applicationTypes
    .map(
      (type) =>
        `<li><a href="#/${type}/groupes-mesures" data-application="${type}">${escapeHtml(applicationLabels[type])}</a></li>`,
    )
    .join('');
  return {
    body: `
        <nav class="card application-tabs" aria-label="Applications">
          <ul>${links}</ul>
          <p class="muted">${frenchText("Connexion des applications et clés d'accès :")}
            <a href="${client}/applications/">gérer mes applications</a></p>
        </nav>
        <section class="card" aria-label="Groupes de mesures">
          <div id="measure-groups-view"><bo-measure-groups application="pix4d"></bo-measure-groups></div>
          <div id="measure-group-view" hidden></div>
        </section>`,
    script: applicationsScript(config.clientOrigin),
  };
}

/**
 * Shows the list or the group of the hash. The elements' own links lead to the client's pages; a
 * plain click on one that this page can show (an application's groups, a group) stays here: the
 * page's capture listener runs before the element's and marks the click handled, which the
 * element's links honour (src/routes/links.ts followLink). A click with a modifier, or a link to
 * any other page (a group's full history, a quote, a job), goes where the element sends it.
 */
function applicationsScript(clientOrigin: string): string {
  return `(() => {
  const client = ${scriptJson(clientOrigin)};
  const types = ${scriptJson(applicationTypes)};
  const routeOf = (path) => {
    const match = /^\\/([a-z0-9]+)\\/groupes-mesures(?:\\/([0-9]+))?\\/?$/.exec(path);
    if (!match || !types.includes(match[1])) return null;
    return { type: match[1], id: match[2] || null };
  };
  const show = () => {
    const route = routeOf(location.hash.slice(1)) || { type: types[0], id: null };
    const list = document.getElementById('measure-groups-view');
    const view = document.getElementById('measure-group-view');
    for (const link of document.querySelectorAll('.application-tabs a[data-application]')) {
      if (link.dataset.application === route.type && route.id === null) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    list.hidden = route.id !== null;
    view.hidden = route.id === null;
    if (route.id !== null) {
      // Back to the list later: a new one, that asks the server again (the group may have changed).
      const current = list.querySelector('bo-measure-groups');
      if (current) current.dataset.stale = '1';
      let group = view.querySelector('bo-measure-group');
      if (!group) {
        group = document.createElement('bo-measure-group');
        view.append(group);
      }
      if (group.getAttribute('group-id') !== route.id) group.setAttribute('group-id', route.id);
      return;
    }
    view.replaceChildren();
    const current = list.querySelector('bo-measure-groups');
    if (current && current.getAttribute('application') === route.type && !current.dataset.stale) return;
    const fresh = document.createElement('bo-measure-groups');
    fresh.setAttribute('application', route.type);
    list.replaceChildren(fresh);
  };
  addEventListener('hashchange', show);
  addEventListener('bo-measure-group-created', (event) => {
    const detail = event.detail || {};
    if (Number.isInteger(detail.id) && detail.id > 0 && types.includes(detail.application)) {
      location.hash = '#/' + detail.application + '/groupes-mesures/' + detail.id;
    }
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.composedPath().find((node) => node instanceof HTMLAnchorElement && node.href);
    if (!anchor || anchor.target === '_blank') return;
    let url;
    try { url = new URL(anchor.href); } catch { return; }
    if (url.origin !== client || !url.pathname.startsWith('/applications/')) return;
    const route = routeOf(url.pathname.slice('/applications'.length));
    if (!route) return;
    event.preventDefault();
    location.hash = '#/' + route.type + '/groupes-mesures' + (route.id === null ? '' : '/' + route.id);
  }, true);
  show();
})();`;
}
