/**
 * What the SPA's page asks for in its head besides its entry (issue 27): the chunks and styles of
 * the screen its address opens, so that they load beside the entry instead of after it has run
 * (the entry, then the area's chunk, then its imports: three round trips on a phone's link), and a
 * connection to the API's origin, opened while the scripts load.
 *
 * The chunks come from Vite's manifest of the SPA build (`.vite/manifest.json`, vite.config.ts): an
 * area's screens module (`src/features/<area>/screens.ts(x)`, as src/app/screens.tsx imports it)
 * and its static imports. Without a manifest, or for an address of no area, only the connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clientPaths } from '../../../src/routes/paths.js';
import { escapeHtml } from '../pages/html.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The area whose screens module a client address opens (src/app/screens.tsx), longest prefix
 * first. `/` redirects to the outstanding payments before its first render (routes/redirects.ts).
 */
const areas: [prefix: string, area: string][] = [
  ['/facturation/reglements/export-', 'exports'],
  [clientPaths.payments, 'payments'],
  [clientPaths.invoicingExports, 'exports'],
  ['/facturation', 'invoices'],
  [clientPaths.quotes, 'quotes'],
  [clientPaths.deals, 'jobs'],
  [clientPaths.myDeals, 'jobs'],
  ['/gestion-clients', 'customers'],
  [clientPaths.applications, 'applications'],
  [clientPaths.preferences, 'preferences'],
];

export function areaOf(pathname: string): string | undefined {
  if (pathname === '/') return 'payments';
  // A prefix ending in '-' is the start of a segment (the exports of payments), any other a whole one.
  const within = (prefix: string) =>
    pathname === prefix || pathname.startsWith(prefix.endsWith('-') ? prefix : `${prefix}/`);
  return areas.find(([prefix]) => within(prefix))?.[1];
}

const cache = new Map<string, { mtimeMs: number; manifest: Manifest }>();

/** The build's manifest, read again when the build changes it; undefined without one. */
function manifestOf(appDir: string): Manifest | undefined {
  const file = path.join(appDir, '.vite', 'manifest.json');
  const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return undefined;
  const known = cache.get(file);
  if (known?.mtimeMs === mtimeMs) return known.manifest;
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    cache.set(file, { mtimeMs, manifest });
    return manifest;
  } catch {
    return undefined; // being written by a build: no hints this once
  }
}

/** A manifest entry's chunk and everything it imports statically (keys), depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The `<link>`s for the page at `pathname`: preconnect to the API's origin, then modulepreload for
 * the screen's chunks and preload for its styles (not stylesheets: Vite's loader adds those when
 * the screen loads, and a stylesheet here would hold the first paint). What the entry's own tags
 * already ask for is left out. `crossorigin` as Vite's tags and the API's fetches (no credentials).
 */
export function preloadLinks(appDir: string, pathname: string, apiOrigin: string): string {
  const links = [`<link rel="preconnect" href="${escapeHtml(apiOrigin)}" crossorigin>`];
  const area = areaOf(pathname);
  const manifest = area ? manifestOf(appDir) : undefined;
  const key =
    manifest &&
    Object.keys(manifest).find((k) => /^\.\.\/features\/([\w-]+)\/screens\.tsx?$/.exec(k)?.[1] === area);
  if (manifest && key) {
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    const loaded = entry ? closure(manifest, entry) : new Set<string>();
    const loadedCss = new Set([...loaded].flatMap((k) => manifest[k]!.css ?? []));
    for (const chunk of closure(manifest, key)) {
      if (loaded.has(chunk)) continue;
      links.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[chunk]!.file)}">`);
    }
    const styles = new Set([...closure(manifest, key)].flatMap((k) => manifest[k]!.css ?? []));
    for (const css of styles) {
      if (!loadedCss.has(css))
        links.push(`<link rel="preload" as="style" crossorigin href="/${escapeHtml(css)}">`);
    }
  }
  return links.join('\n    ');
}
