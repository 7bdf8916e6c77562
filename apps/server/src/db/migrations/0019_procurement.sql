CREATE TABLE "alternate_suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alternate_suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"list_line_id" integer NOT NULL,
	"rank" smallint NOT NULL,
	"supplier_org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"quote_id" integer,
	"quoted_unit_price_fen" bigint,
	"reason" text NOT NULL,
	"not_primary_reason" text,
	"valid_until" date,
	"status" text DEFAULT 'standby' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alternate_suppliers_rank_ck" CHECK ("alternate_suppliers"."rank" between 1 and 99),
	CONSTRAINT "alternate_suppliers_status_ck" CHECK ("alternate_suppliers"."status" in ('standby', 'proposed', 'switched', 'dismissed')),
	CONSTRAINT "alternate_suppliers_price_ck" CHECK ("alternate_suppliers"."quoted_unit_price_fen" is null or "alternate_suppliers"."quoted_unit_price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"project_id" integer NOT NULL,
	"buyer_org_id" integer NOT NULL,
	"title" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"remarks" text,
	"decision_reason" text,
	"awarded_quote_id" integer,
	"published_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_status_ck" CHECK ("inquiries"."status" in ('draft', 'published', 'quoting', 'evaluating', 'awarded', 'failed', 'cancelled')),
	CONSTRAINT "inquiries_round_ck" CHECK ("inquiries"."round" >= 1),
	CONSTRAINT "inquiries_award_ck" CHECK ("inquiries"."status" <> 'awarded' or ("inquiries"."awarded_quote_id" is not null and "inquiries"."decision_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "inquiry_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiry_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inquiry_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"list_line_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	CONSTRAINT "inquiry_lines_quantity_ck" CHECK ("inquiry_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inquiry_suppliers" (
	"inquiry_id" integer NOT NULL,
	"supplier_org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_suppliers_inquiry_id_supplier_org_id_pk" PRIMARY KEY("inquiry_id","supplier_org_id")
);
--> statement-breakpoint
CREATE TABLE "material_list_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_list_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"classify_code" text NOT NULL,
	"common_name" text NOT NULL,
	"spec" text,
	"unit_id" smallint NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"required_by" date NOT NULL,
	"use_location" text,
	"budget_unit_price_fen" bigint DEFAULT 0 NOT NULL,
	"remarks" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"chosen_spec_id" integer,
	"chosen_supplier_org_id" integer,
	"chosen_reason" text,
	"removed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_list_lines_quantity_ck" CHECK ("material_list_lines"."quantity" > 0),
	CONSTRAINT "material_list_lines_price_ck" CHECK ("material_list_lines"."budget_unit_price_fen" >= 0),
	CONSTRAINT "material_list_lines_unit_ck" CHECK ("material_list_lines"."unit_id" between 1 and 37),
	CONSTRAINT "material_list_lines_source_ck" CHECK ("material_list_lines"."source" in ('manual', 'import', 'copy'))
);
--> statement-breakpoint
CREATE TABLE "material_list_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_list_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"reopen_reason" text,
	"lines" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"budget_fen" bigint NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer
);
--> statement-breakpoint
CREATE TABLE "material_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"developer_org_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"reopen_reason" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_lists_status_ck" CHECK ("material_lists"."status" in ('draft', 'confirmed')),
	CONSTRAINT "material_lists_version_ck" CHECK ("material_lists"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "policy_cities" (
	"region_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"batch_code" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"confidence" text NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_cities_confidence_ck" CHECK ("policy_cities"."confidence" in ('primary', 'secondary', 'unconfirmed')),
	CONSTRAINT "policy_cities_dates_ck" CHECK ("policy_cities"."to_date" is null or "policy_cities"."to_date" >= "policy_cities"."from_date")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"list_line_id" integer,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"unit_id" smallint NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"required_by" date,
	"shipped_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_ck" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_price_ck" CHECK ("purchase_order_lines"."unit_price_fen" >= 0),
	CONSTRAINT "purchase_order_lines_shipped_ck" CHECK ("purchase_order_lines"."shipped_quantity" >= 0 and "purchase_order_lines"."shipped_quantity" <= "purchase_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_shipment_lines" (
	"shipment_line_id" integer PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	CONSTRAINT "purchase_order_shipment_lines_quantity_ck" CHECK ("purchase_order_shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_shipments" (
	"shipment_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"project_id" integer NOT NULL,
	"buyer_org_id" integer NOT NULL,
	"supplier_org_id" integer NOT NULL,
	"origin" text NOT NULL,
	"inquiry_id" integer,
	"quote_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"delivery_address" text,
	"status_reason" text,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_ck" CHECK ("purchase_orders"."status" in ('draft', 'sent', 'confirmed', 'closed', 'cancelled')),
	CONSTRAINT "purchase_orders_origin_ck" CHECK ("purchase_orders"."origin" in ('inquiry', 'direct')),
	CONSTRAINT "purchase_orders_inquiry_ck" CHECK ("purchase_orders"."origin" = 'direct' or "purchase_orders"."inquiry_id" is not null),
	CONSTRAINT "purchase_orders_amount_ck" CHECK ("purchase_orders"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"inquiry_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"delivery_date" date NOT NULL,
	"remarks" text,
	CONSTRAINT "quote_lines_price_ck" CHECK ("quote_lines"."unit_price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inquiry_id" integer NOT NULL,
	"supplier_org_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_until" date,
	"remarks" text,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_ck" CHECK ("quotes"."status" in ('draft', 'submitted', 'withdrawn', 'accepted', 'rejected')),
	CONSTRAINT "quotes_amount_ck" CHECK ("quotes"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "standard_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standard_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"edition_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"kind" text NOT NULL,
	"confidence" text NOT NULL,
	"note" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_categories_kind_ck" CHECK ("standard_categories"."kind" in ('mandatory', 'optional')),
	CONSTRAINT "standard_categories_confidence_ck" CHECK ("standard_categories"."confidence" in ('primary', 'secondary', 'unconfirmed'))
);
--> statement-breakpoint
CREATE TABLE "standard_category_classes" (
	"edition_code" text NOT NULL,
	"classify_code" text NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "standard_category_classes_edition_code_classify_code_pk" PRIMARY KEY("edition_code","classify_code")
);
--> statement-breakpoint
CREATE TABLE "standard_rules" (
	"edition_code" text PRIMARY KEY NOT NULL,
	"mandatory_green_pct" smallint DEFAULT 100 NOT NULL,
	"optional_coverage_min_pct" smallint,
	"test_report_max_age_days" integer,
	"confidence" text NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_rules_mandatory_ck" CHECK ("standard_rules"."mandatory_green_pct" between 0 and 100),
	CONSTRAINT "standard_rules_optional_ck" CHECK ("standard_rules"."optional_coverage_min_pct" is null or "standard_rules"."optional_coverage_min_pct" between 0 and 100),
	CONSTRAINT "standard_rules_report_age_ck" CHECK ("standard_rules"."test_report_max_age_days" is null or "standard_rules"."test_report_max_age_days" > 0),
	CONSTRAINT "standard_rules_confidence_ck" CHECK ("standard_rules"."confidence" in ('primary', 'secondary', 'unconfirmed'))
);
--> statement-breakpoint
ALTER TABLE "alternate_suppliers" ADD CONSTRAINT "alternate_suppliers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternate_suppliers" ADD CONSTRAINT "alternate_suppliers_list_line_id_material_list_lines_id_fk" FOREIGN KEY ("list_line_id") REFERENCES "public"."material_list_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternate_suppliers" ADD CONSTRAINT "alternate_suppliers_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternate_suppliers" ADD CONSTRAINT "alternate_suppliers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternate_suppliers" ADD CONSTRAINT "alternate_suppliers_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alternate_suppliers" ADD CONSTRAINT "alternate_suppliers_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD CONSTRAINT "inquiry_lines_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_lines" ADD CONSTRAINT "inquiry_lines_list_line_id_material_list_lines_id_fk" FOREIGN KEY ("list_line_id") REFERENCES "public"."material_list_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_suppliers" ADD CONSTRAINT "inquiry_suppliers_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_suppliers" ADD CONSTRAINT "inquiry_suppliers_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_list_lines" ADD CONSTRAINT "material_list_lines_list_id_material_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."material_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_list_lines" ADD CONSTRAINT "material_list_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_list_lines" ADD CONSTRAINT "material_list_lines_classify_code_material_classifications_code_fk" FOREIGN KEY ("classify_code") REFERENCES "public"."material_classifications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_list_lines" ADD CONSTRAINT "material_list_lines_chosen_spec_id_product_specs_id_fk" FOREIGN KEY ("chosen_spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_list_lines" ADD CONSTRAINT "material_list_lines_chosen_supplier_org_id_organizations_id_fk" FOREIGN KEY ("chosen_supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_list_versions" ADD CONSTRAINT "material_list_versions_list_id_material_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."material_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_lists" ADD CONSTRAINT "material_lists_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_lists" ADD CONSTRAINT "material_lists_developer_org_id_organizations_id_fk" FOREIGN KEY ("developer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_cities" ADD CONSTRAINT "policy_cities_batch_code_policy_batches_code_fk" FOREIGN KEY ("batch_code") REFERENCES "public"."policy_batches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_list_line_id_material_list_lines_id_fk" FOREIGN KEY ("list_line_id") REFERENCES "public"."material_list_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_shipment_line_id_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipment_lines" ADD CONSTRAINT "purchase_order_shipment_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipments" ADD CONSTRAINT "purchase_order_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_shipments" ADD CONSTRAINT "purchase_order_shipments_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_inquiry_line_id_inquiry_lines_id_fk" FOREIGN KEY ("inquiry_line_id") REFERENCES "public"."inquiry_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_categories" ADD CONSTRAINT "standard_categories_edition_code_demand_standard_editions_code_fk" FOREIGN KEY ("edition_code") REFERENCES "public"."demand_standard_editions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_category_classes" ADD CONSTRAINT "standard_category_classes_edition_code_demand_standard_editions_code_fk" FOREIGN KEY ("edition_code") REFERENCES "public"."demand_standard_editions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_category_classes" ADD CONSTRAINT "standard_category_classes_classify_code_material_classifications_code_fk" FOREIGN KEY ("classify_code") REFERENCES "public"."material_classifications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_category_classes" ADD CONSTRAINT "standard_category_classes_category_id_standard_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."standard_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_rules" ADD CONSTRAINT "standard_rules_edition_code_demand_standard_editions_code_fk" FOREIGN KEY ("edition_code") REFERENCES "public"."demand_standard_editions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alternate_suppliers_choice_uq" ON "alternate_suppliers" USING btree ("list_line_id","supplier_org_id","spec_id");--> statement-breakpoint
CREATE INDEX "alternate_suppliers_project_idx" ON "alternate_suppliers" USING btree ("project_id","list_line_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_number_uq" ON "inquiries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "inquiries_project_idx" ON "inquiries" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "inquiries_buyer_idx" ON "inquiries" USING btree ("buyer_org_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_lines_list_line_uq" ON "inquiry_lines" USING btree ("inquiry_id","list_line_id");--> statement-breakpoint
CREATE INDEX "inquiry_suppliers_supplier_idx" ON "inquiry_suppliers" USING btree ("supplier_org_id");--> statement-breakpoint
CREATE INDEX "material_list_lines_list_idx" ON "material_list_lines" USING btree ("list_id","line_no");--> statement-breakpoint
CREATE INDEX "material_list_lines_project_idx" ON "material_list_lines" USING btree ("project_id","classify_code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_list_versions_uq" ON "material_list_versions" USING btree ("list_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "material_lists_project_uq" ON "material_lists" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_no_uq" ON "purchase_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_list_line_idx" ON "purchase_order_lines" USING btree ("list_line_id") WHERE "purchase_order_lines"."list_line_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_order_shipment_lines_order_line_idx" ON "purchase_order_shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "purchase_order_shipment_lines_order_idx" ON "purchase_order_shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_shipments_order_idx" ON "purchase_order_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_uq" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_project_idx" ON "purchase_orders" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_buyer_idx" ON "purchase_orders" USING btree ("buyer_org_id","status","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_org_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_line_uq" ON "quote_lines" USING btree ("quote_id","inquiry_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_supplier_round_uq" ON "quotes" USING btree ("inquiry_id","supplier_org_id","round");--> statement-breakpoint
CREATE INDEX "quotes_supplier_idx" ON "quotes" USING btree ("supplier_org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_categories_edition_code_uq" ON "standard_categories" USING btree ("edition_code","code");--> statement-breakpoint
CREATE INDEX "standard_category_classes_category_idx" ON "standard_category_classes" USING btree ("category_id");