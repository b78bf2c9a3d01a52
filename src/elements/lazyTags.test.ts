import { describe, expect, it } from 'vitest';
import { elementCatalog } from './catalog';
import { lazyTags } from './lazyTags';

describe('the lazy tags', () => {
  it('each tag once, and each documented in the catalog', () => {
    const tags = lazyTags.map(([definition]) => definition.tag);
    expect(new Set(tags).size).toBe(tags.length);
    const documented = new Set(elementCatalog.map((doc) => doc.definition.tag));
    for (const tag of tags) expect(documented).toContain(tag);
  });

  // The server finds a tag's chunks in the build's manifest by this name (bo-price-library:
  // PriceLibraryElement, its screen PriceLibrary; server/src/static/route-preload.ts).
  it('each tag loads the module named after it: bo-price-library, PriceLibraryElement', () => {
    for (const [definition, load] of lazyTags) {
      const name = definition.tag
        .replace(/^bo-/, '')
        .replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
      expect(String(load)).toMatch(new RegExp(`/${name}Element(\\.tsx?)?['"]`));
    }
  });

  // lazyElement takes a module's one export as the element's component.
  it.each(lazyTags.map(([definition, load]) => [definition.tag, load] as const))(
    '%s: its module exports its component and nothing else',
    async (_tag, load) => {
      const module = await load();
      const exported = Object.values(module);
      expect(exported).toHaveLength(1);
      expect(typeof exported[0]).toBe('function');
    },
    30_000,
  );
});
