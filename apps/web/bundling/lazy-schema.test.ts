import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { lazySchema } from './lazy-schema';

/** A stand-in that counts how often its schema was built. */
function counted<T extends object>(build: () => T) {
  const built = { count: 0 };
  const schema = lazySchema(() => {
    built.count += 1;
    return build();
  });
  return { schema, built };
}

describe('lazySchema (the web build builds contract schemas at first use)', () => {
  it('builds nothing until first read, then once', () => {
    const { schema, built } = counted(() => z.object({ name: z.string().max(3) }));
    const composed = lazySchema(() => z.array(schema));
    expect(built.count).toBe(0);
    expect(composed.parse([{ name: 'abc' }])).toEqual([{ name: 'abc' }]);
    expect(schema.parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(built.count).toBe(1);
  });

  it('parses, refuses and reports exactly as the schema it stands for', () => {
    const build = () => z.object({ email: z.email({ error: 'Enter a valid email' }), age: z.number().int().optional() });
    const real = build();
    const lazy = lazySchema(build);
    for (const input of [{ email: 'a@b.co', age: 3 }, { email: 'nope' }, { email: 'a@b.co', age: 1.5 }, null, 'text']) {
      const [a, b] = [real.safeParse(input), lazy.safeParse(input)];
      expect(b.success).toBe(a.success);
      expect(b.data).toEqual(a.data);
      expect(b.error?.issues).toEqual(a.error?.issues);
    }
    expect(() => lazy.parse({ email: 'nope' })).toThrow('Enter a valid email');
  });

  it('composes: extend, pick, optional, and inside objects, arrays and unions', async () => {
    const user = lazySchema(() => z.object({ id: z.number(), name: z.string(), role: z.enum(['admin', 'agent']) }));
    const listItem = lazySchema(() => user.extend({ manageable: z.boolean() }));
    const session = lazySchema(() => user.pick({ id: true, role: true }));
    const reply = lazySchema(() => z.object({ data: z.array(listItem), next: session.optional() }));
    const row = { id: 1, name: 'Ann', role: 'admin', manageable: true };
    expect(reply.parse({ data: [row] })).toEqual({ data: [row] });
    expect(session.parse(row)).toEqual({ id: 1, role: 'admin' });
    expect(reply.safeParse({ data: [{ ...row, role: 'guest' }] }).success).toBe(false);
    expect(await z.union([user, z.null()]).parseAsync(null)).toBeNull();
    expect(z.array(user.optional()).parse([undefined])).toEqual([undefined]);
  });

  it('reads as the schema: instanceof, shape keys, options, spreading the shape', () => {
    const object = lazySchema(() => z.object({ a: z.string(), b: z.number() }));
    const choice = lazySchema(() => z.enum(['x', 'y']));
    expect(object instanceof z.ZodObject).toBe(true);
    expect(object instanceof z.ZodString).toBe(false);
    expect(Object.keys(object.shape)).toEqual(['a', 'b']);
    expect(Object.keys({ ...object.shape })).toEqual(['a', 'b']);
    expect(choice.options).toEqual(['x', 'y']);
    expect('parse' in object).toBe(true);
    expect(Object.getPrototypeOf(object)).toBe(Object.getPrototypeOf(z.object({})));
    // zod's own property, non-configurable on the schema, is readable through the stand-in
    expect(Object.getOwnPropertyDescriptor(object, '_zod')?.value.def.type).toBe('object');
    expect(Object.keys(object)).toEqual(Object.keys(z.object({ a: z.string(), b: z.number() })));
  });

  it('stands for a shape (a plain object of schemas): built at the first spread, then reads as the object', () => {
    let builds = 0;
    const shape = lazySchema(() => {
      builds += 1;
      return { name: z.string().trim().min(1, 'Name is required'), age: z.number().int() };
    });
    const schema = lazySchema(() => z.object({ ...shape, email: z.string() }));
    expect(builds).toBe(0);
    expect(schema.safeParse({ name: ' ', age: 3, email: 'a' }).error?.issues[0].message).toBe('Name is required');
    expect(builds).toBe(1);
    expect(Object.keys(shape)).toEqual(['name', 'age']);
    expect(z.object(shape).parse({ name: 'Ada', age: 36 })).toEqual({ name: 'Ada', age: 36 });
    expect(JSON.stringify(Object.keys({ ...shape }))).toBe('["name","age"]');
    expect(builds).toBe(1);
  });
});
