CREATE TABLE "filing_facts" (
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
	"star_bucket" text NOT NULL,
	"lines" integer NOT NULL,
	"green_lines" integer NOT NULL,
	"typed_lines" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"green_amount_fen" bigint NOT NULL,
	CONSTRAINT "filing_facts_filing_id_category_code_standard_kind_star_bucket_pk" PRIMARY KEY("filing_id","category_code","standard_kind","star_bucket")
);
--> statement-breakpoint
CREATE TABLE "filing_periods" (
	"city_code" text NOT NULL,
	"period" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer NOT NULL,
	CONSTRAINT "filing_periods_city_code_period_pk" PRIMARY KEY("city_code","period")
);
--> statement-breakpoint
CREATE TABLE "filing_reminders" (
	"project_id" integer NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_reminders_project_id_period_kind_pk" PRIMARY KEY("project_id","period","kind")
);
--> statement-breakpoint
CREATE TABLE "procurement_filing_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "procurement_filing_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"filing_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"source" text NOT NULL,
	"prefill" jsonb,
	"prefill_values" jsonb,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edition_code" text,
	"category_code" text,
	"standard_kind" text NOT NULL,
	"classify_code" text,
	"common_name" text NOT NULL,
	"spec" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"unit" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"supplier_org_id" integer,
	"supplier_name" text NOT NULL,
	"supplier_credit_code" text,
	"procurement_method" text NOT NULL,
	"is_green" boolean NOT NULL,
	"evidence_kind" text NOT NULL,
	"certificate_id" integer,
	"certificate_no" text,
	"certificate_body" text,
	"star" smallint,
	"report_no" text,
	"report_date" date,
	"delivery_date" date NOT NULL,
	"product_id" integer,
	CONSTRAINT "procurement_filing_lines_source_ck" CHECK ("procurement_filing_lines"."source" in ('system', 'typed')),
	CONSTRAINT "procurement_filing_lines_kind_ck" CHECK ("procurement_filing_lines"."standard_kind" in ('mandatory', 'optional', 'outside')),
	CONSTRAINT "procurement_filing_lines_evidence_ck" CHECK ("procurement_filing_lines"."evidence_kind" in ('platform_certificate', 'external_certificate', 'test_report', 'none')),
	CONSTRAINT "procurement_filing_lines_green_ck" CHECK (not "procurement_filing_lines"."is_green" or "procurement_filing_lines"."evidence_kind" <> 'none'),
	CONSTRAINT "procurement_filing_lines_quantity_ck" CHECK ("procurement_filing_lines"."quantity" > 0),
	CONSTRAINT "procurement_filing_lines_amount_ck" CHECK ("procurement_filing_lines"."amount_fen" >= 0),
	CONSTRAINT "procurement_filing_lines_star_ck" CHECK ("procurement_filing_lines"."star" is null or "procurement_filing_lines"."star" between 1 and 3),
	CONSTRAINT "procurement_filing_lines_certificate_star_ck" CHECK (not "procurement_filing_lines"."is_green" or "procurement_filing_lines"."evidence_kind" = 'test_report' or "procurement_filing_lines"."star" is not null)
);
--> statement-breakpoint
CREATE TABLE "procurement_filings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "procurement_filings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"developer_org_id" integer NOT NULL,
	"city_code" text NOT NULL,
	"filer_org_id" integer NOT NULL,
	"period" text NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"corrects_id" integer,
	"correction_reason" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"contract_no" text,
	"completed_value_fen" bigint,
	"progress_paid_fen" bigint,
	"remarks" text,
	"return_reason" text,
	"due_on" date NOT NULL,
	"first_submitted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"locked_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_filings_period_ck" CHECK ("procurement_filings"."period" ~ '^[0-9]{4}-Q[1-4]$'),
	CONSTRAINT "procurement_filings_status_ck" CHECK ("procurement_filings"."status" in ('draft', 'submitted', 'returned', 'resubmitted', 'confirmed', 'locked')),
	CONSTRAINT "procurement_filings_version_ck" CHECK ("procurement_filings"."version" >= 1),
	CONSTRAINT "procurement_filings_correction_ck" CHECK (("procurement_filings"."version" = 1) = ("procurement_filings"."corrects_id" is null)),
	CONSTRAINT "procurement_filings_money_ck" CHECK (coalesce("procurement_filings"."completed_value_fen", 0) >= 0 and coalesce("procurement_filings"."progress_paid_fen", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "risk_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_code" text NOT NULL,
	"rule_version" smallint NOT NULL,
	"fingerprint" text NOT NULL,
	"city_code" text NOT NULL,
	"project_id" integer,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"org_id" integer,
	"evidence" jsonb NOT NULL,
	"summary" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"explanation" text,
	"explained_by" integer,
	"explained_at" timestamp with time zone,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_alerts_status_ck" CHECK ("risk_alerts"."status" in ('open', 'acknowledged', 'explained', 'dismissed', 'confirmed', 'closed')),
	CONSTRAINT "risk_alerts_severity_ck" CHECK ("risk_alerts"."severity" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"code" text NOT NULL,
	"version" smallint NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"legal_basis" text NOT NULL,
	"definition" text NOT NULL,
	"severity" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_rules_code_version_pk" PRIMARY KEY("code","version"),
	CONSTRAINT "risk_rules_severity_ck" CHECK ("risk_rules"."severity" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "risk_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"scope" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"opened" integer DEFAULT 0 NOT NULL,
	"still_open" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_subscriptions_kind_ck" CHECK ("risk_subscriptions"."subject_kind" in ('project', 'supplier', 'product'))
);
--> statement-breakpoint
ALTER TABLE "filing_facts" ADD CONSTRAINT "filing_facts_filing_id_procurement_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."procurement_filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_periods" ADD CONSTRAINT "filing_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_reminders" ADD CONSTRAINT "filing_reminders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filing_lines" ADD CONSTRAINT "procurement_filing_lines_filing_id_procurement_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "public"."procurement_filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filing_lines" ADD CONSTRAINT "procurement_filing_lines_supplier_org_id_organizations_id_fk" FOREIGN KEY ("supplier_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filing_lines" ADD CONSTRAINT "procurement_filing_lines_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filings" ADD CONSTRAINT "procurement_filings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filings" ADD CONSTRAINT "procurement_filings_developer_org_id_organizations_id_fk" FOREIGN KEY ("developer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filings" ADD CONSTRAINT "procurement_filings_filer_org_id_organizations_id_fk" FOREIGN KEY ("filer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filings" ADD CONSTRAINT "procurement_filings_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filings" ADD CONSTRAINT "procurement_filings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_filings" ADD CONSTRAINT "procurement_filings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_explained_by_users_id_fk" FOREIGN KEY ("explained_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_alerts" ADD CONSTRAINT "risk_alerts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_subscriptions" ADD CONSTRAINT "risk_subscriptions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_subscriptions" ADD CONSTRAINT "risk_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filing_facts_city_idx" ON "filing_facts" USING btree ("city_code","period");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_filing_lines_no_uq" ON "procurement_filing_lines" USING btree ("filing_id","line_no");--> statement-breakpoint
CREATE INDEX "procurement_filing_lines_certificate_idx" ON "procurement_filing_lines" USING btree ("certificate_id") WHERE "procurement_filing_lines"."certificate_id" is not null;--> statement-breakpoint
CREATE INDEX "procurement_filing_lines_supplier_idx" ON "procurement_filing_lines" USING btree ("supplier_org_id") WHERE "procurement_filing_lines"."supplier_org_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_filings_version_uq" ON "procurement_filings" USING btree ("project_id","period","version");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_filings_in_force_uq" ON "procurement_filings" USING btree ("project_id","period") WHERE "procurement_filings"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "procurement_filings_city_idx" ON "procurement_filings" USING btree ("city_code","period","status");--> statement-breakpoint
CREATE INDEX "procurement_filings_filer_idx" ON "procurement_filings" USING btree ("filer_org_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_alerts_fingerprint_uq" ON "risk_alerts" USING btree ("fingerprint") WHERE "risk_alerts"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "risk_alerts_city_idx" ON "risk_alerts" USING btree ("city_code","status","detected_at");--> statement-breakpoint
CREATE INDEX "risk_alerts_org_idx" ON "risk_alerts" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "risk_alerts_project_idx" ON "risk_alerts" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rules_active_uq" ON "risk_rules" USING btree ("code") WHERE "risk_rules"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "risk_subscriptions_uq" ON "risk_subscriptions" USING btree ("user_id","subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "risk_subscriptions_subject_idx" ON "risk_subscriptions" USING btree ("subject_kind","subject_id");