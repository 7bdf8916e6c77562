CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"org_id" integer,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"reason" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sha256" text NOT NULL,
	"org_id" integer,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_uid" integer NOT NULL,
	"company_id" integer,
	"channel_no" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"target_url" text,
	"read_point" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_certifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"submitted_by" integer NOT NULL,
	"details" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_modules" (
	"org_id" integer NOT NULL,
	"module_code" text NOT NULL,
	CONSTRAINT "org_modules_org_id_module_code_pk" PRIMARY KEY("org_id","module_code")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"cert_status" smallint DEFAULT 0 NOT NULL,
	"nature" smallint,
	"credit_code" text,
	"region_code" text,
	"address" text,
	"legal_person" text,
	"contact_name" text,
	"contact_phone" text,
	"license_upload_id" integer,
	"reject_reason" text,
	"certified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "administrative_divisions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_classifications" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_natures" (
	"code" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_cities" (
	"city_code" text PRIMARY KEY NOT NULL,
	"letter" text NOT NULL,
	"opened" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bm_product_unit" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"en_name" text NOT NULL,
	"factor" numeric(8, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"app_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" smallint,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" text NOT NULL,
	"username" text NOT NULL,
	"real_name" text,
	"headimgurl" text,
	"password_hash" text NOT NULL,
	"org_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone,
	CONSTRAINT "users_mobile_unique" UNIQUE("mobile")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_sha256_file_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_certifications" ADD CONSTRAINT "org_certifications_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_modules" ADD CONSTRAINT "org_modules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_tokens" ADD CONSTRAINT "sso_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_org_idx" ON "uploads" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("to_uid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("to_uid","channel_no") WHERE "messages"."read_point" = 1;--> statement-breakpoint
CREATE INDEX "org_certifications_status_idx" ON "org_certifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "org_certifications_org_idx" ON "org_certifications" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_credit_code_uq" ON "organizations" USING btree ("credit_code") WHERE "organizations"."credit_code" is not null;--> statement-breakpoint
CREATE INDEX "organizations_type_idx" ON "organizations" USING btree ("type");--> statement-breakpoint
CREATE INDEX "administrative_divisions_parent_idx" ON "administrative_divisions" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "material_classifications_parent_idx" ON "material_classifications" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "sessions_active_idx" ON "sessions" USING btree ("user_id","app_code") WHERE "sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("org_id");