import { describe, expect, it } from 'vitest';
import { elementCatalog } from './catalog';

describe('element catalog', () => {
  it.each(elementCatalog.map((doc) => [doc.definition.tag, doc] as const))(
    'documents every attribute of %s, and only those',
    (_tag, doc) => {
      expect(Object.keys(doc.attributes).sort()).toEqual(Object.keys(doc.definition.props).sort());
      for (const event of doc.events) expect(event.name).toMatch(/^bo-[a-z-]+$/);
    },
  );
});
