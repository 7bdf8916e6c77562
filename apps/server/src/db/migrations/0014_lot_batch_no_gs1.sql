-- Batch numbers keep to GS1 AI 10's character set (set 82) without % & / < > ?, and do not start with = + - @, which
-- a spreadsheet runs as a formula (docs/traceability.md "Lot", docs/decisions.md "Traceability", "Batch numbers").
-- NOT VALID: new and changed rows are checked; lots recorded under the earlier rule (which let through Chinese
-- characters, full-width digits and `${…}`) stay readable, and a deployment with such a lot still starts. Lots are
-- never updated, so no old row is refused later. `ALTER TABLE "lots" VALIDATE CONSTRAINT "lots_batch_no_ck"` checks
-- the old rows once they have been looked at (the demo's pass: demo-trace.test.ts).
ALTER TABLE "lots" DROP CONSTRAINT "lots_batch_no_ck";--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_batch_no_ck" CHECK ("lots"."batch_no" ~ '^[!"''()*,.0-9:;A-Z_a-z][!"''()*+,.0-9:;=A-Z_a-z-]{0,19}$') NOT VALID;
