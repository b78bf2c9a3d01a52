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
