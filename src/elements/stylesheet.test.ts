import { afterEach, describe, expect, it, vi } from 'vitest';

const HOOK = Symbol.for('bo-elements:add-styles');
const hooks = globalThis as Record<symbol, unknown>;

afterEach(() => {
  delete hooks[HOOK];
  vi.resetModules();
});

const selectors = (sheet: CSSStyleSheet) =>
  [...sheet.cssRules].map((rule) => (rule as CSSStyleRule).selectorText);

describe('the shared stylesheet', () => {
  it('takes the CSS of chunks that ran before it, in their order, then the next ones', async () => {
    // A chunk shared by several screens runs before the entry's modules: it finds no hook yet.
    hooks[HOOK] = ['.first { color: red; }', '.second { color: blue; }'];
    const { elementStyleSheet } = await import('./stylesheet');
    (hooks[HOOK] as { push(css: string): void }).push('.third { color: green; }');
    expect(selectors(elementStyleSheet())).toEqual(['.first', '.second', '.third']);
  });

  it("leaves a first copy's hook in place: a second copy of the library adds to the same sheet", async () => {
    const first = { push: vi.fn() };
    hooks[HOOK] = first;
    await import('./stylesheet');
    expect(hooks[HOOK]).toBe(first);
    (hooks[HOOK] as { push(css: string): void }).push('.x { color: red; }');
    expect(first.push).toHaveBeenCalledWith('.x { color: red; }');
  });

  it("takes an older copy's hook (a function) as the queue chunks push onto", async () => {
    const older = vi.fn();
    hooks[HOOK] = older;
    await import('./stylesheet');
    (hooks[HOOK] as { push(css: string): void }).push('.y { color: blue; }');
    expect(older).toHaveBeenCalledWith('.y { color: blue; }');
  });
});
