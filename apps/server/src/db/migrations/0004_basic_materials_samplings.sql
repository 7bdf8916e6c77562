CREATE TABLE "basic_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "basic_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text,
	"common_name" text NOT NULL,
	"classify_code" text NOT NULL,
	"units" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"applied_by_org" integer,
	"applied_by_user" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_samplings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_samplings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"spec_id" integer,
	"org_id" integer NOT NULL,
	"project_id" integer,
	"project_name" text NOT NULL,
	"sampling_org_id" integer,
	"sampling_org_name" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"result" smallint NOT NULL,
	"remark" text,
	"report_upload_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basic_materials" ADD CONSTRAINT "basic_materials_classify_code_material_classifications_code_fk" FOREIGN KEY ("classify_code") REFERENCES "public"."material_classifications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basic_materials" ADD CONSTRAINT "basic_materials_applied_by_org_organizations_id_fk" FOREIGN KEY ("applied_by_org") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_samplings" ADD CONSTRAINT "product_samplings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_samplings" ADD CONSTRAINT "product_samplings_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_samplings" ADD CONSTRAINT "product_samplings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_samplings" ADD CONSTRAINT "product_samplings_sampling_org_id_organizations_id_fk" FOREIGN KEY ("sampling_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_samplings" ADD CONSTRAINT "product_samplings_report_upload_id_uploads_id_fk" FOREIGN KEY ("report_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "basic_materials_code_uq" ON "basic_materials" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "basic_materials_name_live_uq" ON "basic_materials" USING btree ("common_name") WHERE "basic_materials"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "basic_materials_classify_idx" ON "basic_materials" USING btree ("classify_code");--> statement-breakpoint
CREATE INDEX "product_samplings_org_idx" ON "product_samplings" USING btree ("org_id","sampled_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_samplings_product_idx" ON "product_samplings" USING btree ("product_id","sampled_at" DESC NULLS LAST);