-- Project construction (docs/construction.md): site deliveries, inspections (quarantine), witnessed samples, issues
-- to the works, spot checks and the inspection rules. The stock ledger gains a third bucket, 'quarantined', and the
-- moves of the site ('release', 'issue', 'unissue', 'destroy'); a lot may be 'external' (bought off the platform,
-- recorded at a site), without a product or specification, so a balance is keyed by holder, lot and bucket (the
-- lot decides its specification). lots_batch_no_ck stays NOT VALID as in 0014: GS1's character set binds platform
-- lots only; an external lot keeps the batch number printed on the supplier's papers.
CREATE TABLE "inspection_rules" (
	"classify_code" text PRIMARY KEY NOT NULL,
	"edition" text NOT NULL,
	"documents" jsonb NOT NULL,
	"retest_required" boolean NOT NULL,
	"test_items" jsonb NOT NULL,
	"basis" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"lot_id" integer NOT NULL,
	"inspection_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"return_of_line_id" integer,
	"returned" numeric(18, 3) DEFAULT '0' NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "issue_order_lines_quantity_ck" CHECK ("issue_order_lines"."quantity" > 0),
	CONSTRAINT "issue_order_lines_returned_ck" CHECK ("issue_order_lines"."returned" >= 0 and "issue_order_lines"."returned" <= "issue_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "issue_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"project_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"return_of_id" integer,
	"team" text NOT NULL,
	"building" text,
	"floor" text,
	"part" text,
	"received_by" text NOT NULL,
	"issued_on" date NOT NULL,
	"remarks" text,
	"issued_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_orders_kind_ck" CHECK (("issue_orders"."kind" = 'issue' and "issue_orders"."return_of_id" is null) or ("issue_orders"."kind" = 'return' and "issue_orders"."return_of_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "site_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"project_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"receipt_id" integer,
	"supplier_org_id" integer,
	"supplier_name" text NOT NULL,
	"supplier_credit_code" text,
	"arrived_on" date NOT NULL,
	"delivery_note_no" text,
	"invoice_no" text,
	"delivery_note_uploads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invoice_uploads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_deliveries_kind_ck" CHECK (("site_deliveries"."kind" = 'platform' and "site_deliveries"."receipt_id" is not null and "site_deliveries"."supplier_org_id" is not null) or ("site_deliveries"."kind" = 'external' and "site_deliveries"."receipt_id" is null and "site_deliveries"."supplier_credit_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "site_inspections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"delivery_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"receipt_line_id" integer,
	"quantity" numeric(18, 3) NOT NULL,
	"classify_code" text,
	"material_name" text NOT NULL,
	"spec_name" text NOT NULL,
	"unit_name" text NOT NULL,
	"brand" text,
	"maker_name" text,
	"is_green" boolean DEFAULT false NOT NULL,
	"green_cert_no" text,
	"green_cert_body" text,
	"building" text,
	"floor" text,
	"part" text,
	"storage_location" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"retest_required" boolean NOT NULL,
	"rule_edition" text NOT NULL,
	"checks" jsonb,
	"visual_result" text,
	"verdict" text,
	"reason" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"supervisor_id" integer,
	"supervisor_confirmed_at" timestamp with time zone,
	"disposed_by" integer,
	"disposed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_inspections_quantity_ck" CHECK ("site_inspections"."quantity" > 0),
	CONSTRAINT "site_inspections_state_ck" CHECK ("site_inspections"."state" in ('pending', 'submitted', 'pending_retest', 'released', 'concession', 'rejected', 'returned', 'destroyed')),
	CONSTRAINT "site_inspections_verdict_ck" CHECK ("site_inspections"."verdict" is null or "site_inspections"."verdict" in ('pass', 'fail', 'concession', 'retest')),
	CONSTRAINT "site_inspections_decided_ck" CHECK (("site_inspections"."verdict" is null) = ("site_inspections"."decided_by" is null) and ("site_inspections"."verdict" not in ('fail', 'concession') or "site_inspections"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "spot_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"project_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"inspection_id" integer,
	"checked_on" date NOT NULL,
	"items" jsonb NOT NULL,
	"result" text NOT NULL,
	"report_upload_id" integer,
	"remarks" text,
	"rectification_deadline" date,
	"rectification" text,
	"rectified_by" integer,
	"rectified_at" timestamp with time zone,
	"state" text NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"sampling_id" integer,
	"checked_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_checks_kind_ck" CHECK ("spot_checks"."kind" in ('parallel', 'patrol', 'regulatory')),
	CONSTRAINT "spot_checks_result_ck" CHECK ("spot_checks"."result" in ('pass', 'fail')),
	CONSTRAINT "spot_checks_state_ck" CHECK ("spot_checks"."state" in ('recorded', 'rectifying', 'closed')),
	CONSTRAINT "spot_checks_deadline_ck" CHECK ("spot_checks"."result" = 'pass' or "spot_checks"."rectification_deadline" is not null)
);
--> statement-breakpoint
CREATE TABLE "witness_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "witness_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sample_no" text NOT NULL,
	"seal_no" text,
	"project_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"inspection_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"represented_quantity" numeric(18, 3) NOT NULL,
	"location" text NOT NULL,
	"sampled_on" date NOT NULL,
	"sampler_name" text NOT NULL,
	"sampler_cert_no" text,
	"witness_user_id" integer NOT NULL,
	"witness_cert_no" text,
	"lab_name" text NOT NULL,
	"test_items" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_on" date,
	"report_no" text,
	"report_date" date,
	"report_upload_id" integer,
	"report_leaf_index" bigint,
	"result" text,
	"state" text DEFAULT 'sampled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "witness_samples_quantity_ck" CHECK ("witness_samples"."represented_quantity" > 0),
	CONSTRAINT "witness_samples_state_ck" CHECK ("witness_samples"."state" in ('sampled', 'sent', 'reported')),
	CONSTRAINT "witness_samples_result_ck" CHECK ("witness_samples"."result" is null or "witness_samples"."result" in ('pass', 'fail')),
	CONSTRAINT "witness_samples_reported_ck" CHECK (("witness_samples"."state" = 'reported') = ("witness_samples"."result" is not null and "witness_samples"."report_no" is not null and "witness_samples"."report_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "lots" DROP CONSTRAINT "lots_batch_no_ck";--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_bucket_ck";--> statement-breakpoint
ALTER TABLE "stock_moves" DROP CONSTRAINT "stock_moves_bucket_ck";--> statement-breakpoint
ALTER TABLE "stock_moves" DROP CONSTRAINT "stock_moves_reason_ck";--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_holder_key_spec_id_lot_id_bucket_pk";--> statement-breakpoint
ALTER TABLE "lots" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ALTER COLUMN "spec_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ALTER COLUMN "spec_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_moves" ALTER COLUMN "spec_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_holder_key_lot_id_bucket_pk" PRIMARY KEY("holder_key","lot_id","bucket");--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "origin" text DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_order_lines" ADD CONSTRAINT "issue_order_lines_order_id_issue_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."issue_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_order_lines" ADD CONSTRAINT "issue_order_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_order_lines" ADD CONSTRAINT "issue_order_lines_inspection_id_site_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."site_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_orders" ADD CONSTRAINT "issue_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_orders" ADD CONSTRAINT "issue_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_deliveries" ADD CONSTRAINT "site_deliveries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_deliveries" ADD CONSTRAINT "site_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_deliveries" ADD CONSTRAINT "site_deliveries_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_deliveries" ADD CONSTRAINT "site_deliveries_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inspections" ADD CONSTRAINT "site_inspections_delivery_id_site_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."site_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inspections" ADD CONSTRAINT "site_inspections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inspections" ADD CONSTRAINT "site_inspections_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inspections" ADD CONSTRAINT "site_inspections_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inspections" ADD CONSTRAINT "site_inspections_receipt_line_id_receipt_lines_id_fk" FOREIGN KEY ("receipt_line_id") REFERENCES "public"."receipt_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_checks" ADD CONSTRAINT "spot_checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_checks" ADD CONSTRAINT "spot_checks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_checks" ADD CONSTRAINT "spot_checks_inspection_id_site_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."site_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_checks" ADD CONSTRAINT "spot_checks_sampling_id_product_samplings_id_fk" FOREIGN KEY ("sampling_id") REFERENCES "public"."product_samplings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_samples" ADD CONSTRAINT "witness_samples_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_samples" ADD CONSTRAINT "witness_samples_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_samples" ADD CONSTRAINT "witness_samples_inspection_id_site_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."site_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_samples" ADD CONSTRAINT "witness_samples_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_samples" ADD CONSTRAINT "witness_samples_report_leaf_index_ledger_entries_leaf_index_fk" FOREIGN KEY ("report_leaf_index") REFERENCES "public"."ledger_entries"("leaf_index") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_order_lines_no_uq" ON "issue_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "issue_order_lines_lot_idx" ON "issue_order_lines" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_orders_number_uq" ON "issue_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "issue_orders_project_idx" ON "issue_orders" USING btree ("project_id","issued_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issue_orders_return_of_idx" ON "issue_orders" USING btree ("return_of_id") WHERE "issue_orders"."return_of_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "site_deliveries_number_uq" ON "site_deliveries" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "site_deliveries_receipt_uq" ON "site_deliveries" USING btree ("receipt_id") WHERE "site_deliveries"."receipt_id" is not null;--> statement-breakpoint
CREATE INDEX "site_deliveries_project_idx" ON "site_deliveries" USING btree ("project_id","arrived_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "site_inspections_number_uq" ON "site_inspections" USING btree ("number");--> statement-breakpoint
CREATE INDEX "site_inspections_project_idx" ON "site_inspections" USING btree ("project_id","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "site_inspections_delivery_idx" ON "site_inspections" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "site_inspections_lot_idx" ON "site_inspections" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_checks_number_uq" ON "spot_checks" USING btree ("number");--> statement-breakpoint
CREATE INDEX "spot_checks_project_idx" ON "spot_checks" USING btree ("project_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "witness_samples_no_uq" ON "witness_samples" USING btree ("sample_no");--> statement-breakpoint
CREATE INDEX "witness_samples_project_idx" ON "witness_samples" USING btree ("project_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "witness_samples_inspection_idx" ON "witness_samples" USING btree ("inspection_id");--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_origin_ck" CHECK (("lots"."origin" = 'platform' and "lots"."product_id" is not null and "lots"."spec_id" is not null) or ("lots"."origin" = 'external' and "lots"."product_id" is null and "lots"."spec_id" is null));--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_batch_no_ck" CHECK ("lots"."origin" = 'external' or "lots"."batch_no" ~ '^[!"''()*,.0-9:;A-Z_a-z][!"''()*+,.0-9:;=A-Z_a-z-]{0,19}$') NOT VALID;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_bucket_ck" CHECK ("stock_balances"."bucket" in ('usable', 'quarantined', 'rejected'));--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_bucket_ck" CHECK ("stock_moves"."bucket" in ('usable', 'quarantined', 'rejected'));--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_reason_ck" CHECK ("stock_moves"."reason" in ('produce', 'ship', 'receive', 'reject', 'return', 'void', 'adjust', 'count', 'release', 'issue', 'unissue', 'destroy'));