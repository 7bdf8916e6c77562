CREATE TABLE "evidence_field_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evidence_field_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reading_id" integer NOT NULL,
	"field_key" text NOT NULL,
	"field_index" smallint DEFAULT 0 NOT NULL,
	"read_value" text,
	"value" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evidence_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sha256" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"pages_done" smallint DEFAULT 0 NOT NULL,
	"pages_total" smallint,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"refusal" text,
	"engine" text,
	"kind" text,
	"pages" jsonb,
	"document" jsonb,
	"previews" jsonb,
	"number_read" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	CONSTRAINT "evidence_readings_state_ck" CHECK ("evidence_readings"."state" in ('queued', 'reading', 'done', 'refused', 'failed')),
	CONSTRAINT "evidence_readings_pages_ck" CHECK ("evidence_readings"."pages_done" >= 0 and "evidence_readings"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "standard_indicators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standard_indicators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"product_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"standards" text[] NOT NULL,
	"item" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"op" text NOT NULL,
	"value" numeric NOT NULL,
	"unit" text,
	"confidence" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_indicators_op_ck" CHECK ("standard_indicators"."op" in ('>=', '<=', '>', '<')),
	CONSTRAINT "standard_indicators_confidence_ck" CHECK ("standard_indicators"."confidence" in ('primary', 'secondary', 'unconfirmed'))
);
--> statement-breakpoint
ALTER TABLE "evidence_field_reviews" ADD CONSTRAINT "evidence_field_reviews_reading_id_evidence_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."evidence_readings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_readings" ADD CONSTRAINT "evidence_readings_sha256_file_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_indicators" ADD CONSTRAINT "standard_indicators_category_id_standard_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."standard_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_field_reviews_reading_idx" ON "evidence_field_reviews" USING btree ("reading_id","field_key","field_index");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_readings_sha_uq" ON "evidence_readings" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "evidence_readings_queue_idx" ON "evidence_readings" USING btree ("queued_at") WHERE "evidence_readings"."state" in ('queued', 'reading');--> statement-breakpoint
CREATE INDEX "evidence_readings_number_idx" ON "evidence_readings" USING btree ("number_read");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_indicators_uq" ON "standard_indicators" USING btree ("category_id","item","product_words");