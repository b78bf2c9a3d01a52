/**
 * The stylesheet every shadow root of the page adopts: one constructed sheet, shared.
 *
 * In a build, each chunk of the library hands its own CSS to `addElementStyles` when it loads
 * (see `inlineElementStyles` in vite.config.ts), because CSS that Vite links into the document does
 * not reach inside shadow roots. A lazily loaded screen thus brings its styles with it.
 */
export const STYLES_HOOK = Symbol.for('bo-elements:add-styles');

/** What a chunk finds under STYLES_HOOK: anything with `push(css)`. */
interface StylesQueue {
  push(css: string): unknown;
}

let sheet: CSSStyleSheet | undefined;
let cssText = '';
let builtStylesSeen = false;

function sharedSheet(): CSSStyleSheet {
  sheet ??= new CSSStyleSheet();
  return sheet;
}

export function addElementStyles(css: string): void {
  builtStylesSeen = true;
  cssText += `\n${css}`;
  sharedSheet().replaceSync(cssText);
}

// Chunks push their CSS onto an array until this module takes it over and drains it, in the order
// the CSS came: a guard for a build whose grouping runs a chunk before this module (vite.config.ts
// keeps define.js's imports in define.js today). A second copy of the library on the page finds the
// first copy's queue and leaves it in place, as it leaves the first copy's tags; an older copy's hook
// (a function) is wrapped so that this copy's chunks can push onto it.
const hooks = globalThis as Record<symbol, StylesQueue | ((css: string) => void) | undefined>;
const waiting = hooks[STYLES_HOOK];
if (typeof waiting === 'function') {
  hooks[STYLES_HOOK] = { push: waiting };
} else if (waiting === undefined || Array.isArray(waiting)) {
  hooks[STYLES_HOOK] = { push: addElementStyles };
  for (const css of (waiting as string[] | undefined) ?? []) addElementStyles(css);
}

/** The shared sheet; outside a build (Vite dev server, Storybook) it copies the document's styles. */
export function elementStyleSheet(): CSSStyleSheet {
  if (!builtStylesSeen && typeof document !== 'undefined') {
    const devCss = [...document.querySelectorAll('style')].map((node) => node.textContent ?? '').join('\n');
    sharedSheet().replaceSync(devCss);
  }
  return sharedSheet();
}
