CREATE TABLE "demand_standard_editions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"batch_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_batches" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"instrument" text NOT NULL,
	"effective_from" date NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"developer_org_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_role_ck" CHECK ("project_members"."role" in ('leader', 'member', 'storekeeper', 'inspector', 'witness'))
);
--> statement-breakpoint
CREATE TABLE "project_orgs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_orgs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"developer_org_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"org_type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "project_orgs_status_ck" CHECK ("project_orgs"."status" between 1 and 4),
	CONSTRAINT "project_orgs_org_type_ck" CHECK ("project_orgs"."org_type" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"developer_org_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"region_code" text NOT NULL,
	"city_code" text NOT NULL,
	"address" text NOT NULL,
	"gross_floor_area" numeric(12, 2) NOT NULL,
	"investment_fen" bigint NOT NULL,
	"target_star" smallint,
	"step" smallint DEFAULT 0 NOT NULL,
	"design_stage" smallint DEFAULT 0 NOT NULL,
	"planned_start" date NOT NULL,
	"planned_finish" date NOT NULL,
	"in_policy_scope" boolean DEFAULT false NOT NULL,
	"policy_batch" text,
	"standard_edition" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_type_ck" CHECK ("projects"."type" between 1 and 9),
	CONSTRAINT "projects_step_ck" CHECK ("projects"."step" between 0 and 3),
	CONSTRAINT "projects_design_stage_ck" CHECK ("projects"."design_stage" between 0 and 3),
	CONSTRAINT "projects_target_star_ck" CHECK ("projects"."target_star" is null or "projects"."target_star" between 1 and 3),
	CONSTRAINT "projects_investment_ck" CHECK ("projects"."investment_fen" >= 0),
	CONSTRAINT "projects_area_ck" CHECK ("projects"."gross_floor_area" >= 0),
	CONSTRAINT "projects_dates_ck" CHECK ("projects"."planned_finish" >= "projects"."planned_start"),
	CONSTRAINT "projects_policy_ck" CHECK (not "projects"."in_policy_scope" or "projects"."policy_batch" is not null)
);
--> statement-breakpoint
ALTER TABLE "demand_standard_editions" ADD CONSTRAINT "demand_standard_editions_batch_code_policy_batches_code_fk" FOREIGN KEY ("batch_code") REFERENCES "public"."policy_batches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_developer_org_id_organizations_id_fk" FOREIGN KEY ("developer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD CONSTRAINT "project_orgs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD CONSTRAINT "project_orgs_developer_org_id_organizations_id_fk" FOREIGN KEY ("developer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD CONSTRAINT "project_orgs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_developer_org_id_organizations_id_fk" FOREIGN KEY ("developer_org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_policy_batch_policy_batches_code_fk" FOREIGN KEY ("policy_batch") REFERENCES "public"."policy_batches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_standard_edition_demand_standard_editions_code_fk" FOREIGN KEY ("standard_edition") REFERENCES "public"."demand_standard_editions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_project_user_uq" ON "project_members" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_one_leader_uq" ON "project_members" USING btree ("project_id","org_id") WHERE "project_members"."role" = 'leader';--> statement-breakpoint
CREATE INDEX "project_members_org_idx" ON "project_members" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_orgs_project_org_uq" ON "project_orgs" USING btree ("project_id","org_id");--> statement-breakpoint
CREATE INDEX "project_orgs_org_idx" ON "project_orgs" USING btree ("org_id","status","org_type");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_developer_code_uq" ON "projects" USING btree ("developer_org_id","code");--> statement-breakpoint
CREATE INDEX "projects_city_idx" ON "projects" USING btree ("city_code","created_at");