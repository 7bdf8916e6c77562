import type { Db } from '../../db/client.ts';

export type MessageService = ReturnType<typeof createMessageService>;

export function createMessageService({ db }: { db: Db }) {
  return { db };
}
