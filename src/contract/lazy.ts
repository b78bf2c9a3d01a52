/**
 * A contract's schema (or shape of fields) built on first use rather than when its module loads:
 * the contract holds some 3 400 zod schemas, and building them all as a page loaded was a quarter
 * of a second of a phone's main thread in one task (issue 27's Total Blocking Time), though a
 * screen uses a few. Each top-level schema of src/contract, and of the client's own modules (src/api,
 * src/features), is written `lazy(() => z…)`; a schema read at a module's top level (`.pick`,
 * `.shape`, `.extend`) is built then, so those are written the same way.
 *
 * The value stands in for what `build` returns, so that both sides keep importing the schemas as
 * they are: reading a property, `in`, listing or spreading its keys and its prototype all go to the
 * built value, built once. Methods run with the stand-in as `this`, which reads through to the
 * built value too. What it cannot stand in for is identity: a WeakMap (zod's registries) keyed by
 * the built value does not know the stand-in, which is why the metadata given with `.meta()`
 * inside `build` is registered for the stand-in as well.
 */
import { globalRegistry } from 'zod';

export function lazy<T extends object>(build: () => T): T {
  let value: T | undefined;
  let building = false;
  const built = (): T => {
    if (value === undefined) {
      // A build that reads its own schema (two schemas built from each other) would recurse until the
      // stack overflows, far from the cause: say which it is (a recursive schema wants z.lazy).
      if (building)
        throw new Error('A lazy schema was read while it was being built: use z.lazy for a cycle');
      building = true;
      try {
        value = build();
      } finally {
        building = false;
      }
      const meta = '_zod' in value ? globalRegistry.get(value as never) : undefined;
      if (meta !== undefined) globalRegistry.add(stand as never, meta);
    }
    return value;
  };
  const stand: T = new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      // A proxy may not call a property fixed (non-configurable) that its own target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    set: (_, key, next) => Reflect.set(built(), key, next),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
  });
  return stand;
}
