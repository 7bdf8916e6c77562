CREATE TABLE "inspection_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_org_id" integer NOT NULL,
	"inspector_org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"inspected_on" date NOT NULL,
	"inspector_name" text NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" text NOT NULL,
	"findings" text NOT NULL,
	"rectification_deadline" date,
	"evidence_upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text NOT NULL,
	"rectification" text,
	"rectification_upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rectified_by" integer,
	"rectified_at" timestamp with time zone,
	"decision_note" text,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_records_kind_ck" CHECK ("inspection_records"."kind" in ('surveillance', 'spot_check', 'random')),
	CONSTRAINT "inspection_records_result_ck" CHECK ("inspection_records"."result" in ('pass', 'fail', 'rectify')),
	CONSTRAINT "inspection_records_state_ck" CHECK ("inspection_records"."state" in ('open', 'submitted', 'closed')),
	CONSTRAINT "inspection_records_deadline_ck" CHECK (("inspection_records"."result" <> 'rectify' or "inspection_records"."rectification_deadline" is not null) and ("inspection_records"."rectification_deadline" is null or "inspection_records"."rectification_deadline" >= "inspection_records"."inspected_on")),
	CONSTRAINT "inspection_records_pass_closed_ck" CHECK ("inspection_records"."result" <> 'pass' or "inspection_records"."state" = 'closed'),
	CONSTRAINT "inspection_records_findings_ck" CHECK ("inspection_records"."findings" <> '')
);
--> statement-breakpoint
ALTER TABLE "inspection_records" ADD CONSTRAINT "inspection_records_subject_org_id_organizations_id_fk" FOREIGN KEY ("subject_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_records" ADD CONSTRAINT "inspection_records_inspector_org_id_organizations_id_fk" FOREIGN KEY ("inspector_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_records_subject_idx" ON "inspection_records" USING btree ("subject_org_id","inspected_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspection_records_inspector_idx" ON "inspection_records" USING btree ("inspector_org_id","inspected_on" DESC NULLS LAST,"id" DESC NULLS LAST);