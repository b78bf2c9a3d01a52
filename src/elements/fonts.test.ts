import { afterEach, describe, expect, it, vi } from 'vitest';

/** A FontFace as the browser gives it: the family and weight it was declared with. */
class FakeFontFace {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: { weight: string },
  ) {}
  get weight() {
    return this.descriptors.weight;
  }
}

/** document.fonts with the faces the page's own @font-face rules declared, and what is added. */
function pageFonts(declared: { family: string; weight: string }[]) {
  const faces: { family: string; weight: string; source?: string }[] = [...declared];
  vi.stubGlobal('FontFace', FakeFontFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      [Symbol.iterator]: () => faces[Symbol.iterator](),
      add: (face: FakeFontFace) =>
        faces.push({ family: face.family, weight: face.weight, source: face.source }),
    },
  });
  return faces;
}

async function register() {
  vi.resetModules();
  const { registerFonts } = await import('./fonts');
  registerFonts();
  registerFonts();
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'fonts');
});

describe('Poppins for the elements', () => {
  it('declares its three weights on a page that has none, once', async () => {
    const faces = pageFonts([]);
    await register();
    expect(faces.map((face) => face.weight)).toEqual(['400', '500', '600']);
  });

  it("leaves the weights a platform page declares to the page's copy (one download, issue 27)", async () => {
    const faces = pageFonts([
      { family: 'Poppins', weight: '400' },
      { family: '"Poppins"', weight: '600' },
      { family: 'Other', weight: '500' },
    ]);
    await register();
    expect(faces.filter((face) => face.source).map((face) => face.weight)).toEqual(['500']);
  });
});
