import { ResponseCode, Role } from '@jcbb/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { AuthService } from '../auth/index.ts';
import type { FileService } from '../file/index.ts';
import type { MessageService } from '../message/index.ts';

export interface OrganizationDeps {
  db: Db;
  config: Config;
  auth: AuthService;
  messages: MessageService;
  files: FileService;
}

/** audit_log.entity_type of this module's records. */
export const AuditEntity = { ORGANIZATION: 'organization', USER: 'user' } as const;

export const isEnterpriseAdmin = (user: SessionUser) => user.roles.includes(Role.ENTERPRISE_ADMIN);
export const isSuperAdmin = (user: SessionUser) => user.roles.includes(Role.SUPER_ADMIN);

/** A 409 that names the field at fault, like a 400's `data.fields`. */
export const fieldConflict = (field: string, message: string) =>
  new AppError(ResponseCode.CONFLICT, message, { fields: [{ field, message }] });
