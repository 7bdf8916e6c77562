import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers: integer identity ids and timestamptz creation times (docs/design.md §2). */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
/** A quantity in a unit of measure: thousandths exact (docs/design.md; `@jcbb/contract/quantity`). */
export const qty = (name: string) => numeric(name, { precision: 18, scale: 3 });
