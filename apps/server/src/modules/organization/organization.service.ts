import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FileService } from '../file/file.service.ts';
import type { MessageService } from '../message/message.service.ts';

export type OrganizationService = ReturnType<typeof createOrganizationService>;

export function createOrganizationService(deps: {
  db: Db;
  config: Config;
  auth: AuthService;
  messages: MessageService;
  files: FileService;
}) {
  return { deps };
}
