import { useSearchParams } from 'react-router-dom';

/**
 * The one reading of a record's id in the address (`?id=7`, `?lotId=9`): a positive integer, or null for anything
 * else (missing, empty, `abc`, `0`, `1.5`). Pages ask nothing for null and say the link is wrong.
 */
export function positiveId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The record id in the address's query parameter `name` (see `positiveId`). */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  return positiveId(params.get(name));
}
