CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"detail" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_kind_ck" CHECK ("addresses"."kind" in ('factory', 'warehouse', 'site', 'office')),
	CONSTRAINT "addresses_default_enabled_ck" CHECK (not "addresses"."is_default" or "addresses"."enabled")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"production_date" date NOT NULL,
	"expiry_date" date,
	"quantity" numeric(18, 3) NOT NULL,
	"quality_docs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_batch_no_ck" CHECK ("lots"."batch_no" ~ '^[^%&/<>?[:space:]]{1,20}$'),
	CONSTRAINT "lots_quantity_ck" CHECK ("lots"."quantity" > 0),
	CONSTRAINT "lots_expiry_ck" CHECK ("lots"."expiry_date" is null or "lots"."expiry_date" >= "lots"."production_date")
);
--> statement-breakpoint
CREATE TABLE "receipt_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_id" integer NOT NULL,
	"shipment_line_id" integer NOT NULL,
	"received" numeric(18, 3) NOT NULL,
	"accepted" numeric(18, 3) NOT NULL,
	"rejected" numeric(18, 3) NOT NULL,
	"reject_reason" text,
	"rejected_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "receipt_lines_quantities_ck" CHECK ("receipt_lines"."accepted" >= 0 and "receipt_lines"."rejected" >= 0 and "receipt_lines"."received" = "receipt_lines"."accepted" + "receipt_lines"."rejected" and "receipt_lines"."received" > 0),
	CONSTRAINT "receipt_lines_reason_ck" CHECK ("receipt_lines"."rejected" = 0 or "receipt_lines"."reject_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"shipment_id" integer NOT NULL,
	"receiver_org_id" integer NOT NULL,
	"holder_key" text NOT NULL,
	"arrived_on" date NOT NULL,
	"delivery_note_no" text,
	"remarks" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_codes" (
	"shipment_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"code" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"outcome" text,
	CONSTRAINT "shipment_codes_shipment_id_code_pk" PRIMARY KEY("shipment_id","code"),
	CONSTRAINT "shipment_codes_outcome_ck" CHECK ("shipment_codes"."outcome" is null or "shipment_codes"."outcome" in ('accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"mass_per_unit_kg" numeric(14, 4),
	"evidence" jsonb,
	"accepted" numeric(18, 3) DEFAULT '0' NOT NULL,
	"rejected" numeric(18, 3) DEFAULT '0' NOT NULL,
	"cancelled" numeric(18, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "shipment_lines_quantity_ck" CHECK ("shipment_lines"."quantity" > 0),
	CONSTRAINT "shipment_lines_outcome_ck" CHECK ("shipment_lines"."accepted" >= 0 and "shipment_lines"."rejected" >= 0 and "shipment_lines"."cancelled" >= 0 and "shipment_lines"."accepted" + "shipment_lines"."rejected" + "shipment_lines"."cancelled" <= "shipment_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"from_org_id" integer NOT NULL,
	"from_holder_key" text NOT NULL,
	"from_project_id" integer,
	"from_address_id" integer,
	"to_kind" text NOT NULL,
	"to_org_id" integer,
	"to_project_id" integer,
	"to_holder_key" text NOT NULL,
	"to_address_id" integer,
	"from_address_text" text,
	"to_address_text" text,
	"from_region_code" text,
	"to_region_code" text,
	"ship_date" date NOT NULL,
	"planned_arrival" date,
	"transport_type" smallint NOT NULL,
	"distance_km" numeric(8, 1) NOT NULL,
	"distance_source" text NOT NULL,
	"vehicle_plate" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"remarks" text,
	"close_reason" text,
	"mass_kg" numeric(18, 3),
	"kg_co2e" numeric(18, 3),
	"missing_mass_lines" integer DEFAULT 0 NOT NULL,
	"return_of_receipt_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_ck" CHECK ("shipments"."status" between 1 and 7),
	CONSTRAINT "shipments_transport_ck" CHECK ("shipments"."transport_type" between 1 and 16),
	CONSTRAINT "shipments_distance_ck" CHECK ("shipments"."distance_km" > 0),
	CONSTRAINT "shipments_distance_source_ck" CHECK ("shipments"."distance_source" in ('measured', 'default_40', 'default_500')),
	CONSTRAINT "shipments_to_ck" CHECK (("shipments"."to_kind" = 'org' and "shipments"."to_org_id" is not null and "shipments"."to_project_id" is null) or ("shipments"."to_kind" = 'project' and "shipments"."to_project_id" is not null)),
	CONSTRAINT "shipments_not_to_self_ck" CHECK ("shipments"."from_holder_key" <> "shipments"."to_holder_key")
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"holder_key" text NOT NULL,
	"holder_org_id" integer,
	"holder_project_id" integer,
	"spec_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_holder_key_spec_id_lot_id_bucket_pk" PRIMARY KEY("holder_key","spec_id","lot_id","bucket"),
	CONSTRAINT "stock_balances_non_negative_ck" CHECK ("stock_balances"."quantity" >= 0),
	CONSTRAINT "stock_balances_bucket_ck" CHECK ("stock_balances"."bucket" in ('usable', 'rejected')),
	CONSTRAINT "stock_balances_holder_ck" CHECK (("stock_balances"."holder_org_id" is not null and "stock_balances"."holder_project_id" is null and "stock_balances"."holder_key" = 'org:' || "stock_balances"."holder_org_id") or ("stock_balances"."holder_project_id" is not null and "stock_balances"."holder_org_id" is null and "stock_balances"."holder_key" = 'project:' || "stock_balances"."holder_project_id"))
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"holder_key" text NOT NULL,
	"holder_org_id" integer,
	"holder_project_id" integer,
	"spec_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"balance_after" numeric(18, 3) NOT NULL,
	"reason" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	CONSTRAINT "stock_moves_quantity_ck" CHECK ("stock_moves"."quantity" <> 0),
	CONSTRAINT "stock_moves_balance_ck" CHECK ("stock_moves"."balance_after" >= 0),
	CONSTRAINT "stock_moves_bucket_ck" CHECK ("stock_moves"."bucket" in ('usable', 'rejected')),
	CONSTRAINT "stock_moves_reason_ck" CHECK ("stock_moves"."reason" in ('produce', 'ship', 'receive', 'reject', 'return', 'void', 'adjust', 'count'))
);
--> statement-breakpoint
CREATE TABLE "trace_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trace_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"org_id" integer NOT NULL,
	"shipment_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"level" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"parent_code" text,
	"status" text DEFAULT 'active' NOT NULL,
	"holder_key" text NOT NULL,
	"received_project_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trace_codes_code_ck" CHECK ("trace_codes"."code" ~ '^[A-Z2-7]{20}$'),
	CONSTRAINT "trace_codes_level_ck" CHECK ("trace_codes"."level" in ('item', 'package', 'pallet')),
	CONSTRAINT "trace_codes_quantity_ck" CHECK ("trace_codes"."quantity" > 0),
	CONSTRAINT "trace_codes_status_ck" CHECK ("trace_codes"."status" in ('active', 'in_transit', 'held', 'rejected', 'returned', 'installed', 'consumed', 'recalled'))
);
--> statement-breakpoint
CREATE TABLE "trace_event_codes" (
	"code" text NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "trace_event_codes_code_event_id_pk" PRIMARY KEY("code","event_id")
);
--> statement-breakpoint
CREATE TABLE "trace_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trace_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"biz_step" text NOT NULL,
	"disposition" text,
	"event_time" timestamp with time zone NOT NULL,
	"org_id" integer NOT NULL,
	"region_code" text,
	"lot_id" integer,
	"shipment_id" integer,
	"receipt_id" integer,
	"document" jsonb NOT NULL,
	"leaf_index" bigint,
	"content_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_scan_counts" (
	"code" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trace_scan_counts_code_day_pk" PRIMARY KEY("code","day")
);
--> statement-breakpoint
ALTER TABLE "product_specs" ADD COLUMN "mass_per_unit_kg" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_spec_id_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_shipment_line_id_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_receiver_org_id_organizations_id_fk" FOREIGN KEY ("receiver_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_codes" ADD CONSTRAINT "shipment_codes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_codes" ADD CONSTRAINT "shipment_codes_line_id_shipment_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_codes" ADD CONSTRAINT "shipment_codes_code_trace_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."trace_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_from_org_id_organizations_id_fk" FOREIGN KEY ("from_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_from_project_id_projects_id_fk" FOREIGN KEY ("from_project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_to_org_id_organizations_id_fk" FOREIGN KEY ("to_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_to_project_id_projects_id_fk" FOREIGN KEY ("to_project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_alerts" ADD CONSTRAINT "trace_alerts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_codes" ADD CONSTRAINT "trace_codes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_codes" ADD CONSTRAINT "trace_codes_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_event_codes" ADD CONSTRAINT "trace_event_codes_event_id_trace_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."trace_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_events" ADD CONSTRAINT "trace_events_leaf_index_ledger_entries_leaf_index_fk" FOREIGN KEY ("leaf_index") REFERENCES "public"."ledger_entries"("leaf_index") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_org_idx" ON "addresses" USING btree ("org_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_uq" ON "addresses" USING btree ("org_id","kind") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "lots_spec_batch_uq" ON "lots" USING btree ("spec_id","batch_no");--> statement-breakpoint
CREATE INDEX "lots_org_idx" ON "lots" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "lots_product_idx" ON "lots" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_lines_uq" ON "receipt_lines" USING btree ("receipt_id","shipment_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_uq" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "receipts_shipment_idx" ON "receipts" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_codes_one_open_uq" ON "shipment_codes" USING btree ("code") WHERE "shipment_codes"."open";--> statement-breakpoint
CREATE INDEX "shipment_codes_line_idx" ON "shipment_codes" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "shipment_codes_code_idx" ON "shipment_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_no_uq" ON "shipment_lines" USING btree ("shipment_id","line_no");--> statement-breakpoint
CREATE INDEX "shipment_lines_lot_idx" ON "shipment_lines" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_number_uq" ON "shipments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "shipments_from_idx" ON "shipments" USING btree ("from_org_id","status","id");--> statement-breakpoint
CREATE INDEX "shipments_to_org_idx" ON "shipments" USING btree ("to_org_id","status","id") WHERE "shipments"."to_org_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_to_project_idx" ON "shipments" USING btree ("to_project_id","status","id") WHERE "shipments"."to_project_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_balances_org_idx" ON "stock_balances" USING btree ("holder_org_id") WHERE "stock_balances"."holder_org_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_balances_project_idx" ON "stock_balances" USING btree ("holder_project_id") WHERE "stock_balances"."holder_project_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_moves_card_idx" ON "stock_moves" USING btree ("holder_key","spec_id","lot_id","id");--> statement-breakpoint
CREATE INDEX "stock_moves_doc_idx" ON "stock_moves" USING btree ("doc_type","doc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trace_alerts_code_kind_uq" ON "trace_alerts" USING btree ("code","kind");--> statement-breakpoint
CREATE INDEX "trace_alerts_org_idx" ON "trace_alerts" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "trace_codes_lot_idx" ON "trace_codes" USING btree ("lot_id","level");--> statement-breakpoint
CREATE INDEX "trace_codes_parent_idx" ON "trace_codes" USING btree ("parent_code") WHERE "trace_codes"."parent_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trace_events_event_id_uq" ON "trace_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "trace_events_shipment_idx" ON "trace_events" USING btree ("shipment_id") WHERE "trace_events"."shipment_id" is not null;--> statement-breakpoint
CREATE INDEX "trace_events_lot_idx" ON "trace_events" USING btree ("lot_id") WHERE "trace_events"."lot_id" is not null;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_mass_ck" CHECK ("product_specs"."mass_per_unit_kg" is null or "product_specs"."mass_per_unit_kg" > 0);--> statement-breakpoint
-- The stock ledger is append-only: corrections are new moves (docs/traceability.md, "Stock").
CREATE OR REPLACE FUNCTION stock_moves_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_moves is append-only' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_moves_append_only BEFORE UPDATE OR DELETE ON "stock_moves"
  FOR EACH ROW EXECUTE FUNCTION stock_moves_refuse_change();--> statement-breakpoint
CREATE TRIGGER stock_moves_no_truncate BEFORE TRUNCATE ON "stock_moves"
  FOR EACH STATEMENT EXECUTE FUNCTION stock_moves_refuse_change();
