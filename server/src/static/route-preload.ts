/**
 * What the SPA's page asks for in its head besides its entry (issue 27): the chunks and styles of
 * the screen its address opens, so that they load beside the entry instead of after it has run
 * (the entry, then the area's chunk, then its imports: three round trips on a phone's link), and a
 * connection to the API's origin, opened while the scripts load.
 *
 * The chunks come from Vite's manifest of the SPA build (`.vite/manifest.json`, vite.config.ts): the
 * screens module the address opens (`src/features/<area>/screens.ts(x)`, or a list of its own, as
 * src/app/screens.tsx imports it) and its static imports. Without a manifest, or for an address of
 * no screen, only the connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clientPaths } from '../../../src/routes/paths.js';
import { escapeHtml } from '../pages/html.js';
import { type PoppinsWeight, poppinsHead } from '../pages/layout.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const exactly = (path: string) => (pathname: string) => pathname === path;
/** The path and what is under it; a prefix ending in '-' is the start of a segment (the exports). */
const within = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('-') ? prefix : `${prefix}/`);

/**
 * The screens module a client address opens (src/app/screens.tsx: an area's `screens`, or a list
 * that is a chunk of its own), under src/features; the first that matches. `/` redirects to the
 * outstanding payments before its first render (routes/redirects.ts).
 */
const screenModules: [matches: (pathname: string) => boolean, module: string][] = [
  [exactly('/'), 'payments/screens'],
  [within('/facturation/reglements/export-'), 'exports/screens'],
  [within(clientPaths.payments), 'payments/screens'],
  [within(clientPaths.invoicingExports), 'exports/screens'],
  [exactly(clientPaths.invoices), 'invoices/list/InvoicesListScreen'],
  [within('/facturation'), 'invoices/screens'],
  [within(clientPaths.quotes), 'quotes/screens'],
  [within(clientPaths.deals), 'jobs/screens'],
  [within(clientPaths.myDeals), 'jobs/screens'],
  [exactly(clientPaths.customers), 'customers/list/CustomersListScreen'],
  [within(clientPaths.customers), 'customers/screens'],
  [within(clientPaths.applications), 'applications/screens'],
  [within(clientPaths.preferences), 'preferences/screens'],
];

export function screenModuleOf(pathname: string): string | undefined {
  return screenModules.find(([matches]) => matches(pathname))?.[1];
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
 * The `<link>`s for the page at `pathname`: preconnect to the API's origin (when it is another
 * one), then modulepreload for the screen's chunks and preload for its styles (not stylesheets:
 * Vite's loader adds those when the screen loads, and a stylesheet here would hold the first
 * paint). What the entry's own tags already ask for is left out. `crossorigin` as Vite's tags and
 * the API's fetches (no credentials).
 */
export function preloadLinks(appDir: string, pathname: string, apiOrigin: string | undefined): string {
  const links = apiOrigin ? [`<link rel="preconnect" href="${escapeHtml(apiOrigin)}" crossorigin>`] : [];
  const module = screenModuleOf(pathname);
  const manifest = module ? manifestOf(appDir) : undefined;
  const key = manifest && [`../features/${module}.ts`, `../features/${module}.tsx`].find((k) => manifest[k]);
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

/**
 * Poppins declared and preloaded in the SPA's head (issue 27), as the platform's pages do, from the
 * files the SPA's build hashed (src/elements/fonts.ts imports them; it then finds the weights
 * declared and adds none). Declared only by the entry's script, the font came after the first paint:
 * a list's heading was drawn in the fallback font, then larger in Poppins, a later LCP. Nothing
 * without a manifest or without the three files.
 */
export function fontHead(appDir: string): string {
  const manifest = manifestOf(appDir);
  if (!manifest) return '';
  const files = Object.values(manifest).map((chunk) => chunk.file);
  const fileOf = (weight: PoppinsWeight) =>
    files.find((file) => new RegExp(`/poppins-latin-${weight}-normal-[\\w-]+\\.woff2$`).test(file));
  const weights = [400, 500, 600] as const;
  if (!weights.every(fileOf)) return '';
  const { faces, preloads } = poppinsHead((weight) => `/${fileOf(weight)}`);
  return `<style>\n  ${faces}\n  </style>\n    ${preloads}`;
}

const pascal = (kebab: string) =>
  kebab.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());

/**
 * The chunks the `bo-*` tags load (issue 27), from the elements build's manifest
 * (`<distDir>/.vite/manifest.json`), as `/elements/…` addresses: a platform page asks for them with
 * itself rather than in the three steps define.js takes alone (define.js, then the tag's element
 * module, then the screen that module loads, each once the one before has run). The tag
 * `bo-price-library` is the module `PriceLibraryElement.tsx` (src/elements/lazyTags.test.ts holds
 * every tag to that name); what it loads lazily is what it draws at once (its screen, the quote
 * editor's actions: ui/lazyComponent.ts's drawsAtOnce), except a dialog (`…Dialog.tsx`), which waits
 * to be used. Tags drawn by define.js itself (the nav bar) have no module of their own and add nothing.
 */
export function elementChunks(distDir: string, tags: Iterable<string>): string[] {
  const manifest = manifestOf(distDir);
  if (!manifest) return [];
  const keys = Object.keys(manifest);
  const wanted = new Set<string>();
  for (const tag of tags) {
    const name = pascal(tag.replace(/^bo-/, ''));
    const element = keys.find((k) => k.endsWith(`/${name}Element.tsx`) || k.endsWith(`/${name}Element.ts`));
    if (!element) continue;
    closure(manifest, element, wanted);
    for (const part of manifest[element]!.dynamicImports ?? []) {
      if (!/Dialog\.tsx?$/.test(part)) closure(manifest, part, wanted);
    }
  }
  return [...wanted].filter((k) => !manifest[k]!.isEntry).map((k) => `/elements/${manifest[k]!.file}`);
}

/**
 * The `bo-*` tags a page's HTML draws at once: not those waiting in a `<template data-on-show>`
 * (platform-views.ts: a section's elements, drawn when it is shown).
 */
export function tagsDrawnAtOnce(html: string): Set<string> {
  const atOnce = html.replace(/<template data-on-show>[\s\S]*?<\/template>/g, '');
  return new Set(atOnce.match(/<bo-[a-z]+(?:-[a-z]+)*/g)?.map((open) => open.slice(1)) ?? []);
}

/**
 * `<link rel="modulepreload">`s for chunks of the elements. No `crossorigin`: define.js's own tag has
 * none, and a preload is used only by a request with the same credentials mode. Low priority: at the
 * default (high) they took the link from the page's own styles and font, and its first paint came
 * 1 s later on Suivi d'activité (Lighthouse mobile, 1,5 → 2,5 s; low: 0,7–1,3 s, the LCP kept).
 */
export function modulePreloads(urls: string[]): string {
  return urls
    .map((url) => `<link rel="modulepreload" fetchpriority="low" href="${escapeHtml(url)}">`)
    .join('\n    ');
}
