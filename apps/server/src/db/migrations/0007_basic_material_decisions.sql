ALTER TABLE "basic_materials" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "basic_materials" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "basic_materials" ADD COLUMN "decided_by" integer;