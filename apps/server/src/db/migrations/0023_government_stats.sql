CREATE TABLE "city_quarter_facts" (
	"city_code" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"category_code" text NOT NULL,
	"standard_kind" text NOT NULL,
	"star_bucket" text NOT NULL,
	"lines" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"green_amount_fen" bigint NOT NULL,
	CONSTRAINT "city_quarter_facts_city_code_period_status_category_code_standard_kind_star_bucket_pk" PRIMARY KEY("city_code","period","status","category_code","standard_kind","star_bucket")
);
--> statement-breakpoint
CREATE TABLE "city_quarter_supplier_facts" (
	"city_code" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"category_code" text NOT NULL,
	"standard_kind" text NOT NULL,
	"supplier_key" text NOT NULL,
	"supplier_org_id" integer,
	"supplier_name" text NOT NULL,
	"supplier_credit_code" text,
	"lines" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"green_amount_fen" bigint NOT NULL,
	CONSTRAINT "city_quarter_supplier_facts_city_code_period_status_category_code_standard_kind_supplier_key_pk" PRIMARY KEY("city_code","period","status","category_code","standard_kind","supplier_key")
);
--> statement-breakpoint
CREATE TABLE "filing_summaries" (
	"filing_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"city_code" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"standard_amount_fen" bigint NOT NULL,
	"green_amount_fen" bigint NOT NULL,
	"mandatory_rows" integer NOT NULL,
	"mandatory_green_rows" integer NOT NULL,
	"optional_kinds" integer NOT NULL,
	"optional_green_kinds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_supplier_facts" (
	"filing_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"city_code" text NOT NULL,
	"region_code" text NOT NULL,
	"project_type" smallint NOT NULL,
	"policy_batch" text,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"category_code" text NOT NULL,
	"standard_kind" text NOT NULL,
	"supplier_key" text NOT NULL,
	"supplier_org_id" integer,
	"supplier_name" text NOT NULL,
	"supplier_credit_code" text,
	"lines" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"green_amount_fen" bigint NOT NULL,
	CONSTRAINT "filing_supplier_facts_filing_id_category_code_standard_kind_supplier_key_pk" PRIMARY KEY("filing_id","category_code","standard_kind","supplier_key")
);
--> statement-breakpoint
ALTER TABLE "filing_summaries" ADD CONSTRAINT "filing_summaries_filing_id_procurement_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."procurement_filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_supplier_facts" ADD CONSTRAINT "filing_supplier_facts_filing_id_procurement_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."procurement_filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filing_summaries_city_idx" ON "filing_summaries" USING btree ("city_code","period");--> statement-breakpoint
CREATE INDEX "filing_summaries_project_idx" ON "filing_summaries" USING btree ("project_id","period");--> statement-breakpoint
CREATE INDEX "filing_supplier_facts_city_idx" ON "filing_supplier_facts" USING btree ("city_code","period");