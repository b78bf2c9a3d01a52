import { describe, expect, it } from 'vitest';
import { globalRegistry, z } from 'zod';
import { lazy } from './lazy';

describe('lazy', () => {
  it('builds on first use, once', () => {
    let builds = 0;
    const schema = lazy(() => {
      builds++;
      return z.object({ a: z.number() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(schema.safeParse({ a: 'x' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands in for a schema inside another, and for the methods that copy it', () => {
    const inner = lazy(() => z.string().trim().min(1));
    const outer = z.object({ name: inner, list: z.array(inner) });
    expect(outer.parse({ name: ' x ', list: [' y'] })).toEqual({ name: 'x', list: ['y'] });
    expect(() => outer.parse({ name: ' ', list: [] })).toThrow();
    const extended = lazy(() => outer.extend({ more: inner.nullable() }));
    expect(extended.pick({ more: true }).parse({ more: null })).toEqual({ more: null });
    expect(inner instanceof z.ZodString).toBe(true);
  });

  it('stands in for a shape of fields: spread, listed, read', () => {
    const fields = lazy(() => ({ a: z.number(), b: z.string() }));
    expect(Object.keys(fields)).toEqual(['a', 'b']);
    expect('a' in fields).toBe(true);
    expect(z.object({ ...fields }).parse({ a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
    expect(z.object(fields).parse({ a: 2, b: 'y' })).toEqual({ a: 2, b: 'y' });
  });

  it('keeps the metadata given in its build for the stand-in (JSON Schema, OpenAPI)', () => {
    const schema = lazy(() => z.string().meta({ description: 'A key' }));
    expect(schema.parse('k')).toBe('k');
    expect(globalRegistry.get(schema)).toEqual({ description: 'A key' });
    expect(z.toJSONSchema(z.object({ key: schema })).properties?.key).toMatchObject({ description: 'A key' });
  });

  it('names a cycle between builds instead of overflowing the stack; a recursive schema with z.lazy works', () => {
    // Each built from the other (`.extend` reads it then): neither can be built.
    const a: z.ZodObject = lazy(() => b.extend({ x: z.number() }));
    const b: z.ZodObject = lazy(() => a.extend({ y: z.number() }));
    expect(() => a.parse({})).toThrow('A lazy schema was read while it was being built');
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = lazy(() => z.object({ children: z.array(z.lazy(() => tree)) }));
    expect(tree.parse({ children: [{ children: [] }] })).toEqual({ children: [{ children: [] }] });
  });
});
