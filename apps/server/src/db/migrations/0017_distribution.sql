CREATE TABLE "authorisation_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authorisation_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"authorisation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer,
	"quantity_cap" numeric(18, 3),
	"shipped_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "authorisation_items_cap_ck" CHECK ("authorisation_items"."quantity_cap" is null or "authorisation_items"."quantity_cap" > 0),
	CONSTRAINT "authorisation_items_shipped_ck" CHECK ("authorisation_items"."shipped_quantity" >= 0 and ("authorisation_items"."quantity_cap" is null or "authorisation_items"."shipped_quantity" <= "authorisation_items"."quantity_cap"))
);
--> statement-breakpoint
CREATE TABLE "authorisation_reminders" (
	"authorisation_id" integer NOT NULL,
	"days_before" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorisation_reminders_authorisation_id_days_before_pk" PRIMARY KEY("authorisation_id","days_before"),
	CONSTRAINT "authorisation_reminders_days_ck" CHECK ("authorisation_reminders"."days_before" in (60, 30, 7))
);
--> statement-breakpoint
CREATE TABLE "authorisations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "authorisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"number" text,
	"chain_id" integer,
	"version" smallint DEFAULT 1 NOT NULL,
	"supersedes_id" integer,
	"maker_org_id" integer NOT NULL,
	"distributor_org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"project_id" integer,
	"project_name" text,
	"tender_no" text,
	"exclusive" boolean DEFAULT false NOT NULL,
	"region_codes" text[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"after_sales_commitment" text,
	"supply_commitment" text,
	"signatory_name" text,
	"signatory_title" text,
	"auto_accept" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"content" text,
	"content_sha256" text,
	"signature" text,
	"leaf_index" integer,
	"issued_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"status_content" text,
	"status_leaf_index" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authorisations_kind_ck" CHECK ("authorisations"."kind" in ('general', 'project')),
	CONSTRAINT "authorisations_status_ck" CHECK ("authorisations"."status" in ('draft', 'issued', 'active', 'suspended', 'revoked', 'superseded')),
	CONSTRAINT "authorisations_period_ck" CHECK ("authorisations"."valid_until" >= "authorisations"."valid_from"),
	CONSTRAINT "authorisations_regions_ck" CHECK (cardinality("authorisations"."region_codes") >= 1),
	CONSTRAINT "authorisations_project_ck" CHECK ("authorisations"."kind" = 'general' or "authorisations"."project_id" is not null or "authorisations"."project_name" is not null or "authorisations"."tender_no" is not null),
	CONSTRAINT "authorisations_not_self_ck" CHECK ("authorisations"."maker_org_id" <> "authorisations"."distributor_org_id"),
	CONSTRAINT "authorisations_issued_ck" CHECK ("authorisations"."status" = 'draft' or ("authorisations"."content" is not null and "authorisations"."signature" is not null and "authorisations"."number" is not null))
);
--> statement-breakpoint
CREATE TABLE "distributor_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "distributor_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"distributor_org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer,
	"price_fen" bigint,
	"price_unit" text,
	"supply_region_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"supply_address_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_order_quantity" numeric(18, 3),
	"lead_days" smallint,
	"status" text DEFAULT 'on_sale' NOT NULL,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_products_status_ck" CHECK ("distributor_products"."status" in ('on_sale', 'off_sale')),
	CONSTRAINT "distributor_products_price_ck" CHECK ("distributor_products"."price_fen" is null or "distributor_products"."price_fen" >= 0),
	CONSTRAINT "distributor_products_lead_ck" CHECK ("distributor_products"."lead_days" is null or "distributor_products"."lead_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_contract_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_contract_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"shipped_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_contract_lines_quantity_ck" CHECK ("sales_contract_lines"."quantity" > 0),
	CONSTRAINT "sales_contract_lines_price_ck" CHECK ("sales_contract_lines"."unit_price_fen" >= 0),
	CONSTRAINT "sales_contract_lines_shipped_ck" CHECK ("sales_contract_lines"."shipped_quantity" >= 0 and "sales_contract_lines"."shipped_quantity" <= "sales_contract_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "sales_contract_shipments" (
	"shipment_id" integer PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"distributor_org_id" integer NOT NULL,
	"buyer_org_id" integer,
	"buyer_name" text NOT NULL,
	"buyer_credit_code" text,
	"project_id" integer,
	"project_name" text,
	"region_code" text NOT NULL,
	"signed_date" date,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"signed_file_id" integer,
	"signed_file_sha256" text,
	"leaf_index" integer,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_contracts_status_ck" CHECK ("sales_contracts"."status" in ('draft', 'signed', 'active', 'completed', 'terminated')),
	CONSTRAINT "sales_contracts_period_ck" CHECK ("sales_contracts"."valid_until" >= "sales_contracts"."valid_from"),
	CONSTRAINT "sales_contracts_amount_ck" CHECK ("sales_contracts"."amount_fen" >= 0),
	CONSTRAINT "sales_contracts_signed_ck" CHECK ("sales_contracts"."status" in ('draft') or "sales_contracts"."signed_file_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "shipment_line_authorisations" (
	"shipment_line_id" integer PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"authorisation_id" integer NOT NULL,
	"authorisation_item_id" integer NOT NULL,
	"contract_line_id" integer,
	"quantity" numeric(18, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authorisation_items" ADD CONSTRAINT "authorisation_items_authorisation_id_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "public"."authorisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisation_items" ADD CONSTRAINT "authorisation_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisation_items" ADD CONSTRAINT "authorisation_items_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisation_reminders" ADD CONSTRAINT "authorisation_reminders_authorisation_id_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "public"."authorisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_maker_org_id_organizations_id_fk" FOREIGN KEY ("maker_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_distributor_org_id_organizations_id_fk" FOREIGN KEY ("distributor_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_products" ADD CONSTRAINT "distributor_products_distributor_org_id_organizations_id_fk" FOREIGN KEY ("distributor_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_products" ADD CONSTRAINT "distributor_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_products" ADD CONSTRAINT "distributor_products_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contract_lines" ADD CONSTRAINT "sales_contract_lines_contract_id_sales_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sales_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contract_lines" ADD CONSTRAINT "sales_contract_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contract_lines" ADD CONSTRAINT "sales_contract_lines_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contract_shipments" ADD CONSTRAINT "sales_contract_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contract_shipments" ADD CONSTRAINT "sales_contract_shipments_contract_id_sales_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."sales_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contracts" ADD CONSTRAINT "sales_contracts_distributor_org_id_organizations_id_fk" FOREIGN KEY ("distributor_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contracts" ADD CONSTRAINT "sales_contracts_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contracts" ADD CONSTRAINT "sales_contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_contracts" ADD CONSTRAINT "sales_contracts_signed_file_id_uploads_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_authorisations" ADD CONSTRAINT "shipment_line_authorisations_shipment_line_id_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_authorisations" ADD CONSTRAINT "shipment_line_authorisations_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_authorisations" ADD CONSTRAINT "shipment_line_authorisations_authorisation_id_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "public"."authorisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_authorisations" ADD CONSTRAINT "shipment_line_authorisations_authorisation_item_id_authorisation_items_id_fk" FOREIGN KEY ("authorisation_item_id") REFERENCES "public"."authorisation_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line_authorisations" ADD CONSTRAINT "shipment_line_authorisations_contract_line_id_sales_contract_lines_id_fk" FOREIGN KEY ("contract_line_id") REFERENCES "public"."sales_contract_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authorisation_items_scope_uq" ON "authorisation_items" USING btree ("authorisation_id","product_id",coalesce("spec_id", 0));--> statement-breakpoint
CREATE INDEX "authorisation_items_product_idx" ON "authorisation_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "authorisations_public_id_uq" ON "authorisations" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "authorisations_number_uq" ON "authorisations" USING btree ("number") WHERE "authorisations"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "authorisations_chain_version_uq" ON "authorisations" USING btree ("chain_id","version");--> statement-breakpoint
CREATE INDEX "authorisations_maker_idx" ON "authorisations" USING btree ("maker_org_id","status","valid_until");--> statement-breakpoint
CREATE INDEX "authorisations_distributor_idx" ON "authorisations" USING btree ("distributor_org_id","status","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_products_scope_uq" ON "distributor_products" USING btree ("distributor_org_id","product_id",coalesce("spec_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "sales_contract_lines_no_uq" ON "sales_contract_lines" USING btree ("contract_id","line_no");--> statement-breakpoint
CREATE INDEX "sales_contract_shipments_contract_idx" ON "sales_contract_shipments" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_contracts_number_uq" ON "sales_contracts" USING btree ("distributor_org_id","number");--> statement-breakpoint
CREATE INDEX "sales_contracts_distributor_idx" ON "sales_contracts" USING btree ("distributor_org_id","status","id");--> statement-breakpoint
CREATE INDEX "sales_contracts_buyer_idx" ON "sales_contracts" USING btree ("buyer_org_id") WHERE "sales_contracts"."buyer_org_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_contracts_project_idx" ON "sales_contracts" USING btree ("project_id") WHERE "sales_contracts"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "shipment_line_authorisations_shipment_idx" ON "shipment_line_authorisations" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_line_authorisations_authorisation_idx" ON "shipment_line_authorisations" USING btree ("authorisation_id");