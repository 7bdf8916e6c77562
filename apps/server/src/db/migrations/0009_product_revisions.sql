CREATE TABLE "product_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"changes" jsonb NOT NULL,
	"city_codes" text[] NOT NULL,
	"approved_city_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "product_revisions_status_check" CHECK ("product_revisions"."status" in (1, 2, 3, 4, 5, 7))
);
--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_open_idx" ON "product_revisions" USING btree ("product_id") WHERE "product_revisions"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "product_revisions_status_idx" ON "product_revisions" USING btree ("status","updated_at");