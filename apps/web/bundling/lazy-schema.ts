// The web build's stand-in for a contract schema until it is first used (bundling/pure-contract.ts
// wraps each top-level schema declaration of the contract in one). Building zod schemas is most
// of what a chunk holding the contract does when it runs: a signed-in page's route chunks built
// every resource's schemas in one task, 0.3-0.5 s of a phone's CPU (Lighthouse mobile, 4x), when
// the page needs a handful of them. A proxy builds the schema at its first property read and then
// forwards everything to it: `parse`, `safeParse`, `shape`, `extend`, `instanceof` (zod reads the
// instance's `_zod.traits`), `Object.keys`. A schema made from another (`x.extend(...)`,
// `z.array(x)`) is itself lazy, so nothing is built until a screen reads or parses with it.
// Only for values that are zod schemas, or plain objects of them (a shape, spread into
// `z.object`): a proxy is an object, never an array or a primitive.

/** `build()` runs once, at the first read of the returned value. */
export function lazySchema<T extends object>(build: () => T): T {
  let value: T | undefined;
  const real = (): T => {
    value ??= build();
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, next) => Reflect.set(real(), key, next),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // The stand-in object has none of the schema's properties, and a proxy may not report a
    // property the stand-in lacks as non-configurable (zod's `_zod` is): report it configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
