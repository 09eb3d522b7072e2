CREATE TYPE "public"."active_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'user');--> statement-breakpoint
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
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_agent_id_unique" ON "users" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","active_status");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_token_hash_unique" ON "tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_user_id_idx" ON "tokens" USING btree ("user_id");