CREATE TABLE "business_card_leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_card_leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"contact" text NOT NULL,
	"message" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_card_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_card_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"host" text,
	"product_id" integer,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_card_visits_source_ck" CHECK ("business_card_visits"."source" IN ('qr', 'poster', 'link', 'other'))
);
--> statement-breakpoint
CREATE TABLE "business_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"public_id" text NOT NULL,
	"display_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"wechat_qr_upload_id" integer,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_cards_products_ck" CHECK (jsonb_array_length("business_cards"."product_ids") <= 6)
);
--> statement-breakpoint
ALTER TABLE "business_card_leads" ADD CONSTRAINT "business_card_leads_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_card_visits" ADD CONSTRAINT "business_card_visits_card_id_business_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."business_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_cards" ADD CONSTRAINT "business_cards_wechat_qr_upload_id_uploads_id_fk" FOREIGN KEY ("wechat_qr_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_card_leads_card_idx" ON "business_card_leads" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "business_card_visits_card_day_idx" ON "business_card_visits" USING btree ("card_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "business_cards_user_uq" ON "business_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_cards_public_id_uq" ON "business_cards" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "business_cards_org_idx" ON "business_cards" USING btree ("org_id");