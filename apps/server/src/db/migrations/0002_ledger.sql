CREATE TABLE "certificate_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificate_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"body_org_id" integer,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"star_rating" smallint NOT NULL,
	"evidence_upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text,
	"cert_no" text,
	"valid_until" date,
	"reason" text,
	"certificate_id" integer,
	"created_by" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cert_no" text NOT NULL,
	"public_id" text NOT NULL,
	"type" smallint NOT NULL,
	"application_id" integer,
	"holder_org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"issuer_org_id" integer NOT NULL,
	"star_rating" smallint,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"leaf_index" integer,
	"product_document_id" integer,
	"issued_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	"revocation_content" text,
	"revocation_sha256" text,
	"revocation_leaf_index" integer
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"leaf_index" bigint PRIMARY KEY NOT NULL,
	"leaf_hash" "bytea" NOT NULL,
	"entry" "bytea" NOT NULL,
	"kind" text NOT NULL,
	"org_id" integer,
	"content_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_nodes" (
	"level" smallint NOT NULL,
	"idx" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "ledger_nodes_level_idx_pk" PRIMARY KEY("level","idx")
);
--> statement-breakpoint
CREATE TABLE "ledger_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"leaf_index" bigint NOT NULL,
	"upload_id" integer NOT NULL,
	"product_id" integer,
	"product_document_id" integer,
	"title" text NOT NULL,
	"doc_type" smallint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_tree_heads" (
	"tree_size" bigint PRIMARY KEY NOT NULL,
	"root_hash" "bytea" NOT NULL,
	"timestamp" bigint NOT NULL,
	"signature" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD CONSTRAINT "certificate_applications_applicant_org_id_organizations_id_fk" FOREIGN KEY ("applicant_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD CONSTRAINT "certificate_applications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD CONSTRAINT "certificate_applications_body_org_id_organizations_id_fk" FOREIGN KEY ("body_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_holder_org_id_organizations_id_fk" FOREIGN KEY ("holder_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issuer_org_id_organizations_id_fk" FOREIGN KEY ("issuer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_leaf_index_ledger_entries_leaf_index_fk" FOREIGN KEY ("leaf_index") REFERENCES "public"."ledger_entries"("leaf_index") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_records" ADD CONSTRAINT "ledger_records_product_document_id_product_documents_id_fk" FOREIGN KEY ("product_document_id") REFERENCES "public"."product_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_applications_applicant_idx" ON "certificate_applications" USING btree ("applicant_org_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_applications_body_idx" ON "certificate_applications" USING btree ("body_org_id","status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_cert_no_uq" ON "certificates" USING btree ("cert_no");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_public_id_uq" ON "certificates" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "certificates_holder_idx" ON "certificates" USING btree ("holder_org_id","created_at");--> statement-breakpoint
CREATE INDEX "certificates_issuer_idx" ON "certificates" USING btree ("issuer_org_id","created_at");--> statement-breakpoint
CREATE INDEX "certificates_product_idx" ON "certificates" USING btree ("product_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_content_idx" ON "ledger_entries" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "ledger_records_org_idx" ON "ledger_records" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "ledger_records_leaf_idx" ON "ledger_records" USING btree ("leaf_index");