import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers: integer identity ids and timestamptz creation times (docs/design.md §2). */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
