import { describe, expect, it } from 'vitest';

describe('zodSetup', () => {
  it('makes zod 4 parse jitless through the configuration zod reads', async () => {
    await import('./zodSetup');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A schema parses without the compiled path (which the CSP would refuse).
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
