import { describe, expect, it, vi } from 'vitest';
import { createAnswerCache } from './catalogue.cache.ts';

function setup(ttlMs = 10_000, maxEntries = 100) {
  let generation = '1';
  let clock = 0;
  const cache = createAnswerCache({
    generation: async () => generation,
    ttlMs,
    maxEntries,
    now: () => clock,
  });
  return {
    cache,
    bump: () => {
      generation = String(Number(generation) + 1);
    },
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('catalogue answer cache', () => {
  it('answers a repeated question from the cache while nothing changed', async () => {
    const { cache } = setup();
    const compute = vi.fn(async () => ({ n: 1 }));
    await cache.get('q', compute);
    await expect(cache.get('q', compute)).resolves.toEqual({ n: 1 });
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('recomputes after any change of the data (a new generation)', async () => {
    const { cache, bump } = setup();
    let n = 0;
    const compute = vi.fn(async () => ++n);
    await cache.get('q', compute);
    bump();
    await expect(cache.get('q', compute)).resolves.toBe(2);
  });

  it('recomputes after the time to live', async () => {
    const { cache, advance } = setup(1_000);
    let n = 0;
    const compute = async () => ++n;
    await cache.get('q', compute);
    advance(999);
    await expect(cache.get('q', compute)).resolves.toBe(1);
    advance(2);
    await expect(cache.get('q', compute)).resolves.toBe(2);
  });

  it('computes identical questions asked at once only once; different ones apart', async () => {
    const { cache } = setup();
    let release: (v: string) => void = () => {};
    const compute = vi.fn(() => new Promise<string>((r) => (release = r)));
    const a = cache.get('q', compute);
    const b = cache.get('q', compute);
    await new Promise((r) => setTimeout(r, 0));
    release('answer');
    await expect(Promise.all([a, b])).resolves.toEqual(['answer', 'answer']);
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.get('other', async () => 'x');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: the next request tries again', async () => {
    const { cache } = setup();
    await expect(cache.get('q', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('q', async () => 'ok')).resolves.toBe('ok');
  });

  it('drops the least recently used entry when full', async () => {
    const { cache } = setup(10_000, 2);
    const compute = vi.fn(async () => 'v');
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('a', compute); // a is now the most recent
    await cache.get('c', compute); // b goes
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.get('b', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
