CREATE TABLE "disk_file_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disk_file_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"version" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"ledger_record_id" integer,
	"ledger_leaf_index" bigint,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disk_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disk_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"doc_type" text DEFAULT 'other' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disk_files_validity_ck" CHECK ("disk_files"."valid_until" IS NULL OR "disk_files"."valid_from" IS NULL OR "disk_files"."valid_until" >= "disk_files"."valid_from"),
	CONSTRAINT "disk_files_name_ck" CHECK ("disk_files"."name" <> '' AND "disk_files"."name" !~ '[/\\]'),
	CONSTRAINT "disk_files_doc_type_ck" CHECK ("disk_files"."doc_type" IN ('licence','certificate','test_report','manual','authorisation','contract','drawing','epd','other'))
);
--> statement-breakpoint
CREATE TABLE "disk_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disk_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disk_folders_name_uq" UNIQUE NULLS NOT DISTINCT("org_id","parent_id","name"),
	CONSTRAINT "disk_folders_name_ck" CHECK ("disk_folders"."name" <> '' AND "disk_folders"."name" NOT IN ('.', '..') AND "disk_folders"."name" !~ '[/\\]')
);
--> statement-breakpoint
CREATE TABLE "disk_share_access" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disk_share_access_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"share_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"viewer_org_id" integer,
	"client_hash" text NOT NULL,
	"file_id" integer,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disk_share_files" (
	"share_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "disk_share_files_share_id_file_id_pk" PRIMARY KEY("share_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "disk_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disk_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"folder_id" integer,
	"audience" text NOT NULL,
	"org_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_downloads" integer,
	"downloads" integer DEFAULT 0 NOT NULL,
	"watermark" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disk_shares_audience_ck" CHECK ("disk_shares"."audience" IN ('anyone','signed_in','orgs')),
	CONSTRAINT "disk_shares_downloads_ck" CHECK ("disk_shares"."downloads" >= 0 AND ("disk_shares"."max_downloads" IS NULL OR "disk_shares"."downloads" <= "disk_shares"."max_downloads"))
);
--> statement-breakpoint
ALTER TABLE "disk_file_versions" ADD CONSTRAINT "disk_file_versions_file_id_disk_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."disk_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_file_versions" ADD CONSTRAINT "disk_file_versions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_file_versions" ADD CONSTRAINT "disk_file_versions_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_file_versions" ADD CONSTRAINT "disk_file_versions_ledger_record_id_ledger_records_id_fk" FOREIGN KEY ("ledger_record_id") REFERENCES "public"."ledger_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_files" ADD CONSTRAINT "disk_files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_files" ADD CONSTRAINT "disk_files_folder_id_disk_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."disk_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_folders" ADD CONSTRAINT "disk_folders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_share_access" ADD CONSTRAINT "disk_share_access_share_id_disk_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."disk_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_share_access" ADD CONSTRAINT "disk_share_access_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_share_access" ADD CONSTRAINT "disk_share_access_file_id_disk_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."disk_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_share_files" ADD CONSTRAINT "disk_share_files_share_id_disk_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."disk_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_share_files" ADD CONSTRAINT "disk_share_files_file_id_disk_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."disk_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_shares" ADD CONSTRAINT "disk_shares_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_shares" ADD CONSTRAINT "disk_shares_folder_id_disk_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."disk_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disk_file_versions_uq" ON "disk_file_versions" USING btree ("file_id","version");--> statement-breakpoint
CREATE INDEX "disk_files_folder_idx" ON "disk_files" USING btree ("org_id","folder_id");--> statement-breakpoint
CREATE INDEX "disk_folders_parent_idx" ON "disk_folders" USING btree ("org_id","parent_id");--> statement-breakpoint
CREATE INDEX "disk_share_access_share_idx" ON "disk_share_access" USING btree ("share_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "disk_shares_token_uq" ON "disk_shares" USING btree ("token");--> statement-breakpoint
CREATE INDEX "disk_shares_org_idx" ON "disk_shares" USING btree ("org_id","id");