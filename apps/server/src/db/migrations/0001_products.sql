-- Chinese substring search on product names (gin_trgm_ops) needs pg_trgm; it is a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "bm_attribute_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bm_attribute_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"city_code" text,
	"name" text NOT NULL,
	"scenario" smallint DEFAULT 1 NOT NULL,
	"use_status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bm_element_enums" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bm_element_enums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"element_id" integer NOT NULL,
	"label" text NOT NULL,
	"meets_standard" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bm_elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bm_elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"city_code" text,
	"name" text NOT NULL,
	"display_type" smallint NOT NULL,
	"required" smallint DEFAULT 0 NOT NULL,
	"use_status" smallint DEFAULT 1 NOT NULL,
	"gov_procurement" boolean DEFAULT false NOT NULL,
	"standard_min" numeric(18, 4),
	"placeholder" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_listing_values" (
	"listing_id" integer NOT NULL,
	"element_id" integer NOT NULL,
	"property_value" text,
	"property_num_value" numeric(18, 4),
	"property_array_value" jsonb,
	"resource_value" jsonb,
	CONSTRAINT "product_listing_values_listing_id_element_id_pk" PRIMARY KEY("listing_id","element_id")
);
--> statement-breakpoint
CREATE TABLE "product_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"city_code" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"not_green" boolean DEFAULT false NOT NULL,
	"not_green_reason" text,
	"gov_procurement" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"upload_id" integer,
	"name" text NOT NULL,
	"cert_no" text,
	"issuer" text,
	"star_rating" smallint,
	"valid_from" date,
	"valid_until" date,
	"certificate_id" integer,
	"expiry_notice_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_specs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"unit_id" integer NOT NULL,
	"price" numeric(14, 2),
	"min_order" numeric(14, 3),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"brand" text,
	"classify_code" text NOT NULL,
	"material_type" smallint DEFAULT 1 NOT NULL,
	"description" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enable_status" smallint DEFAULT 1 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"is_prefabricated" boolean DEFAULT false NOT NULL,
	"is_low_carbon" boolean DEFAULT false NOT NULL,
	"is_green" boolean DEFAULT false NOT NULL,
	"star_rating" smallint,
	"green_valid_until" date,
	"is_gov_procurement" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bm_element_enums" ADD CONSTRAINT "bm_element_enums_element_id_bm_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."bm_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bm_elements" ADD CONSTRAINT "bm_elements_group_id_bm_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bm_attribute_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_listing_values" ADD CONSTRAINT "product_listing_values_listing_id_product_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."product_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_listing_values" ADD CONSTRAINT "product_listing_values_element_id_bm_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."bm_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_listings" ADD CONSTRAINT "product_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_listings" ADD CONSTRAINT "product_listings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_classify_code_material_classifications_code_fk" FOREIGN KEY ("classify_code") REFERENCES "public"."material_classifications"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bm_attribute_groups_city_idx" ON "bm_attribute_groups" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "bm_element_enums_element_idx" ON "bm_element_enums" USING btree ("element_id");--> statement-breakpoint
CREATE INDEX "bm_elements_group_idx" ON "bm_elements" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bm_elements_city_idx" ON "bm_elements" USING btree ("city_code");--> statement-breakpoint
CREATE UNIQUE INDEX "product_listings_product_city_uq" ON "product_listings" USING btree ("product_id","city_code");--> statement-breakpoint
CREATE INDEX "product_listings_city_status_idx" ON "product_listings" USING btree ("city_code","status");--> statement-breakpoint
CREATE INDEX "product_listings_org_idx" ON "product_listings" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "product_documents_product_idx" ON "product_documents" USING btree ("product_id","kind");--> statement-breakpoint
CREATE INDEX "product_documents_expiry_idx" ON "product_documents" USING btree ("valid_until") WHERE "product_documents"."kind" = 3;--> statement-breakpoint
CREATE INDEX "product_specs_product_idx" ON "product_specs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_org_idx" ON "products" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "products_classify_idx" ON "products" USING btree ("classify_code");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);