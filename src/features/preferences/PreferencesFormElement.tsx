import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { clientPaths, type PreferencesPage, preferencesPages } from '../../routes/paths';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { builtPages } from './pages';
import { preferencesEntry } from './preferencesMenu';

export interface PreferencesFormElementProps extends ElementHostProps {
  page?: string;
}

/**
 * The settings screen an attribute names: its path under /preferences (`gestion-tva`,
 * `documents/formats`, `comptabilite/gestion-banques`…), with or without the `/preferences/` prefix.
 */
function preferencesPageOf(page: string | undefined): PreferencesPage | null {
  if (!page) return null;
  const path = `${clientPaths.preferences}/${page
    .trim()
    .toLowerCase()
    .replace(/^\/?(preferences\/)?/, '')}`;
  return preferencesPages.find((known) => known === path) ?? null;
}

/**
 * `<bo-preferences-form page="gestion-tva">`: one settings screen of the SPA's preferences on a
 * platform page, without the SPA's side menu (the platform page has its own). One element for the
 * fourteen screens, chosen by `page`; an unknown page shows nothing. The element is a lazy chunk.
 */
export function PreferencesFormElement({ page }: PreferencesFormElementProps) {
  const path = preferencesPageOf(page);
  const render = path ? builtPages[path] : undefined;
  if (!render) return null;
  return (
    <Suspense fallback={<LoadingScreen title={preferencesEntry(path as PreferencesPage).label} />}>
      {render()}
    </Suspense>
  );
}
