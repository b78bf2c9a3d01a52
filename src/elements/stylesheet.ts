/**
 * The stylesheet every shadow root of the page adopts: one constructed sheet, shared.
 *
 * In a build, each chunk of the library hands its own CSS to `addElementStyles` when it loads
 * (see `inlineElementStyles` in vite.config.ts), because CSS that Vite links into the document does
 * not reach inside shadow roots. A lazily loaded screen thus brings its styles with it.
 */
export const STYLES_HOOK = Symbol.for('bo-elements:add-styles');

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

(globalThis as Record<symbol, unknown>)[STYLES_HOOK] ??= addElementStyles;

/** The shared sheet; outside a build (Vite dev server, Storybook) it copies the document's styles. */
export function elementStyleSheet(): CSSStyleSheet {
  if (!builtStylesSeen && typeof document !== 'undefined') {
    const devCss = [...document.querySelectorAll('style')].map((node) => node.textContent ?? '').join('\n');
    sharedSheet().replaceSync(devCss);
  }
  return sharedSheet();
}
