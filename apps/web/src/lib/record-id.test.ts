import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './http.ts';
import { positiveId, recordData } from './record-id.ts';

describe('positiveId', () => {
  it.each([
    ['7', 7],
    ['120045', 120045],
  ])('reads %j as %d', (raw, id) => {
    expect(positiveId(raw)).toBe(id);
  });

  it.each([null, undefined, '', 'abc', '0', '-3', '1.5', 'NaN', 'Infinity'])('reads %j as no id', (raw) => {
    expect(positiveId(raw)).toBeNull();
  });
});

describe('recordData: a detail page’s first query, started by the router', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  const detail = (fetcher: (id: number) => Promise<unknown>) => (id: number) =>
    queryOptions({ queryKey: ['GET /api/thing/{id}', { id }], queryFn: () => fetcher(id) });
  const at = (search: string) => ({ searchParams: new URLSearchParams(search) });

  it('asks for the record of the address’s id once, under the key the page reads', async () => {
    const fetcher = vi.fn(async (id: number) => ({ id, name: '透水砖项目' }));
    const queryClient = client();
    await recordData(detail(fetcher))(queryClient, at('?id=12'));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(12);
    expect(queryClient.getQueryData(detail(fetcher)(12).queryKey)).toEqual({ id: 12, name: '透水砖项目' });
    // The page's useRecordQuery, mounted next, finds it answered.
    await queryClient.fetchQuery(detail(fetcher)(12));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('reads another parameter when told', async () => {
    const fetcher = vi.fn(async (id: number) => ({ id }));
    await recordData(detail(fetcher), 'lotId')(client(), at('?id=3&lotId=9'));
    expect(fetcher).toHaveBeenCalledWith(9);
  });

  it.each(['', '?id=abc', '?id=0', '?id=2.5'])('asks nothing for the address %j', async (search) => {
    const fetcher = vi.fn(async () => ({}));
    await recordData(detail(fetcher))(client(), at(search));
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('takes a 404 as the answer (not asked again) and leaves it for the page, without throwing', async () => {
    const fetcher = vi.fn(async () => {
      throw new ApiError('记录不存在', 40400, 404);
    });
    const queryClient = client();
    await expect(recordData(detail(fetcher))(queryClient, at('?id=5'))).resolves.toBeUndefined();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(detail(fetcher)(5).queryKey)?.status).toBe('error');
  });
});
