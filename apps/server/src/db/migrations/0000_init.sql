CREATE TYPE "public"."active_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'user');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('airline_logo', 'my_sector_image', 'banner', 'button', 'user_image', 'passport', 'visa');--> statement-breakpoint
CREATE TYPE "public"."file_visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TYPE "public"."passenger_type" AS ENUM('adult', 'child', 'infant');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_type" AS ENUM('out', 'in', 'reversal');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('queued', 'sent', 'failed');--> statement-breakpoint
CREATE SEQUENCE "public"."agent_id_seq" INCREMENT BY 1 MINVALUE 1001 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"agent_id" integer,
	"name" text NOT NULL,
	"email" text,
	"password_hash" text,
	"temp_password_hash" text,
	"temp_password_expires_at" timestamp with time zone,
	"active_status" "active_status" DEFAULT 'pending' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"change_password" boolean DEFAULT false NOT NULL,
	"whatsapp_pending" boolean DEFAULT false NOT NULL,
	"whatsapp_phone" text,
	"whatsapp_verified_at" timestamp with time zone,
	"agency_name" text,
	"propriter_name" text,
	"phone" text,
	"office_no" text,
	"office_address" text,
	"city" text,
	"country" text DEFAULT 'Pakistan' NOT NULL,
	"image_file_id" integer,
	"logo_file_id" integer,
	"source" text DEFAULT 'register' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "file_kind" NOT NULL,
	"storage_path" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"visibility" "file_visibility" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"logo_file_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_sector" text NOT NULL,
	"to_sector" text NOT NULL,
	"from_city" text NOT NULL,
	"to_city" text NOT NULL,
	"sector_name" text GENERATED ALWAYS AS ("from_sector" || ' - ' || "to_sector") STORED NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sectors_upper_case" CHECK ("sectors"."from_sector" = upper("sectors"."from_sector") and "sectors"."to_sector" = upper("sectors"."to_sector") and "sectors"."from_city" = upper("sectors"."from_city") and "sectors"."to_city" = upper("sectors"."to_city")),
	CONSTRAINT "sectors_not_blank" CHECK ("sectors"."from_sector" <> '' and "sectors"."to_sector" <> '' and "sectors"."from_city" <> '' and "sectors"."to_city" <> '')
);
--> statement-breakpoint
CREATE TABLE "my_sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_file_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"sector_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"baggage_kg" smallint NOT NULL,
	"hand_carry_kg" smallint NOT NULL,
	"departure_date" date NOT NULL,
	"departure_time" time NOT NULL,
	"departure_airport" text NOT NULL,
	"departure_terminal" text,
	"arrival_date" date NOT NULL,
	"arrival_time" time NOT NULL,
	"arrival_airport" text NOT NULL,
	"arrival_terminal" text,
	CONSTRAINT "group_legs_position" CHECK ("group_legs"."position" between 0 and 3),
	CONSTRAINT "group_legs_baggage" CHECK ("group_legs"."baggage_kg" >= 0 and "group_legs"."hand_carry_kg" >= 0)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"pnr" text NOT NULL,
	"airline_id" integer NOT NULL,
	"my_sector_id" integer NOT NULL,
	"ticket_type" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"meal" boolean DEFAULT false NOT NULL,
	"tickets_wehave" integer NOT NULL,
	"total_ticket" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"infant_price" integer DEFAULT 0 NOT NULL,
	"close_status" boolean DEFAULT false NOT NULL,
	"departure_date" date NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "groups_ticket_type" CHECK ("groups"."ticket_type" in (1, 2)),
	CONSTRAINT "groups_direction" CHECK ("groups"."direction" in (1, 2)),
	CONSTRAINT "groups_seats" CHECK ("groups"."total_ticket" >= 0 and "groups"."total_ticket" <= "groups"."tickets_wehave"),
	CONSTRAINT "groups_prices" CHECK ("groups"."price" >= 0 and "groups"."infant_price" >= 0),
	CONSTRAINT "groups_pnr_upper" CHECK ("groups"."pnr" = upper("groups"."pnr") and "groups"."pnr" <> '')
);
--> statement-breakpoint
CREATE TABLE "booking_passengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" "passenger_type" NOT NULL,
	"title" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"dob" date NOT NULL,
	"passport_no" text NOT NULL,
	"passport_expiry_date" date NOT NULL,
	"passport_file_id" integer NOT NULL,
	"visa_file_id" integer,
	CONSTRAINT "booking_passengers_title" CHECK (("booking_passengers"."type" = 'adult' and "booking_passengers"."title" in ('Mr', 'Mrs', 'Ms')) or ("booking_passengers"."type" = 'child' and "booking_passengers"."title" in ('Mstr', 'Miss')) or ("booking_passengers"."type" = 'infant' and "booking_passengers"."title" = 'Inf'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"agent_user_id" integer,
	"walking" boolean DEFAULT false NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"cancel_status" boolean DEFAULT false NOT NULL,
	"cancel_at" timestamp with time zone,
	"adults" smallint NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"infants" smallint DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"infant_price" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"final_total" integer GENERATED ALWAYS AS ("total_amount" - "discount") STORED NOT NULL,
	"received_amount" integer DEFAULT 0 NOT NULL,
	"remaining_amount" integer GENERATED ALWAYS AS ("total_amount" - "discount" - "received_amount") STORED NOT NULL,
	"payment_status" smallint GENERATED ALWAYS AS ((case when "received_amount" >= "total_amount" - "discount" then 2 when "received_amount" > 0 then 1 else 0 end)::smallint) STORED NOT NULL,
	"remarks" text,
	"idempotency_key" text,
	"added_by" integer NOT NULL,
	"edited_by" integer,
	"confirmed_by" integer,
	"cancelled_by" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_counts" CHECK ("bookings"."adults" between 1 and 5 and "bookings"."children" >= 0 and "bookings"."infants" between 0 and "bookings"."adults"),
	CONSTRAINT "bookings_walk_in" CHECK ("bookings"."walking" = ("bookings"."agent_user_id" is null)),
	CONSTRAINT "bookings_prices" CHECK ("bookings"."price" >= 0 and "bookings"."infant_price" >= 0),
	CONSTRAINT "bookings_total" CHECK ("bookings"."total_amount" = ("bookings"."adults" + "bookings"."children") * "bookings"."price" + "bookings"."infants" * "bookings"."infant_price"),
	CONSTRAINT "bookings_discount" CHECK ("bookings"."discount" between 0 and "bookings"."total_amount"),
	CONSTRAINT "bookings_received" CHECK ("bookings"."received_amount" >= 0),
	CONSTRAINT "bookings_confirmed_at" CHECK (not "bookings"."confirmed" or "bookings"."confirmed_at" is not null),
	CONSTRAINT "bookings_cancelled_at" CHECK (not "bookings"."cancel_status" or "bookings"."cancelled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"receive_date" date NOT NULL,
	"receive_amount" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"added_by" integer NOT NULL,
	"edited_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."receive_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_user_id" integer NOT NULL,
	"booking_id" integer,
	"payment_id" integer,
	"type" "ledger_entry_type" NOT NULL,
	"amount" integer NOT NULL,
	"entry_date" date NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount" >= 0),
	CONSTRAINT "ledger_entries_payment" CHECK (("ledger_entries"."type" = 'in') = ("ledger_entries"."payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "dashboard_buttons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"target" text NOT NULL,
	"image_file_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"dash_btn_id" integer,
	"name" text NOT NULL,
	"image_file_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender_user_id" integer,
	"booking_id" integer,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"image" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" "email_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_codes" ADD CONSTRAINT "whatsapp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airlines" ADD CONSTRAINT "airlines_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_sectors" ADD CONSTRAINT "my_sectors_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_legs" ADD CONSTRAINT "group_legs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_legs" ADD CONSTRAINT "group_legs_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_my_sector_id_my_sectors_id_fk" FOREIGN KEY ("my_sector_id") REFERENCES "public"."my_sectors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_passport_file_id_files_id_fk" FOREIGN KEY ("passport_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_visa_file_id_files_id_fk" FOREIGN KEY ("visa_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_buttons" ADD CONSTRAINT "dashboard_buttons_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_dash_btn_id_dashboard_buttons_id_fk" FOREIGN KEY ("dash_btn_id") REFERENCES "public"."dashboard_buttons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_agent_id_unique" ON "users" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","active_status");--> statement-breakpoint
CREATE INDEX "whatsapp_codes_user_idx" ON "whatsapp_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_token_hash_unique" ON "tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_user_id_idx" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_path_unique" ON "files" USING btree ("storage_path");--> statement-breakpoint
CREATE INDEX "files_kind_idx" ON "files" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "airlines_live_idx" ON "airlines" USING btree ("full_name") WHERE "airlines"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sectors_pair_unique" ON "sectors" USING btree ("from_sector","to_sector") WHERE "sectors"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sectors_to_sector_idx" ON "sectors" USING btree ("to_sector");--> statement-breakpoint
CREATE UNIQUE INDEX "group_legs_group_position_unique" ON "group_legs" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "group_legs_sector_date_idx" ON "group_legs" USING btree ("sector_id","departure_date");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_pnr_unique" ON "groups" USING btree ("pnr") WHERE "groups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "groups_open_departure_idx" ON "groups" USING btree ("close_status","departure_date") WHERE "groups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "groups_my_sector_idx" ON "groups" USING btree ("my_sector_id","departure_date");--> statement-breakpoint
CREATE INDEX "groups_airline_idx" ON "groups" USING btree ("airline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_passengers_booking_position_unique" ON "booking_passengers" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "booking_passengers_passport_no_idx" ON "booking_passengers" USING btree ("passport_no");--> statement-breakpoint
CREATE INDEX "bookings_group_idx" ON "bookings" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bookings_agent_created_idx" ON "bookings" USING btree ("agent_user_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_hold_expiry_idx" ON "bookings" USING btree ("cancel_at") WHERE not "bookings"."confirmed" and not "bookings"."cancel_status";--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_unique" ON "bookings" USING btree ("added_by","idempotency_key") WHERE "bookings"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_receive_date_idx" ON "payments" USING btree ("receive_date") WHERE "payments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_agent_date_idx" ON "ledger_entries" USING btree ("agent_user_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_unique" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "banners_dash_btn_idx" ON "banners" USING btree ("dash_btn_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");