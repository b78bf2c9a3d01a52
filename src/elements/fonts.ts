import poppins400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url';
import poppins500 from '@fontsource/poppins/files/poppins-latin-500-normal.woff2?url';
import poppins600 from '@fontsource/poppins/files/poppins-latin-600-normal.woff2?url';

const faces = [
  { weight: '400', url: poppins400 },
  { weight: '500', url: poppins500 },
  { weight: '600', url: poppins600 },
];

let registered = false;

/** The weights of Poppins the page declares itself (its own @font-face rules, or an earlier call). */
function declaredWeights(): Set<string> {
  const weights = new Set<string>();
  for (const face of document.fonts) {
    if (face.family.replace(/["']/g, '') === 'Poppins') weights.add(face.weight);
  }
  return weights;
}

/**
 * Declares Poppins once at document level: @font-face rules inside a shadow root are ignored,
 * while document fonts are visible to every shadow tree. The files ship with the package, so no
 * font is fetched from a third party; the browser downloads a weight only when text uses it.
 * A weight the page declares already (the platform's pages: /fonts/, preloaded with the page) is
 * left to it: two faces of one weight at two addresses made the browser download Poppins twice
 * (issue 27).
 */
export function registerFonts(): void {
  if (registered || typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  registered = true;
  const declared = declaredWeights();
  for (const { weight, url } of faces) {
    if (declared.has(weight)) continue;
    document.fonts.add(
      new FontFace('Poppins', `url("${url}") format("woff2")`, { weight, style: 'normal', display: 'swap' }),
    );
  }
}
