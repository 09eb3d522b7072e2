ALTER TABLE "users" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_low" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_limit" CHECK ("users"."credit_limit" is null or "users"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_charge" CHECK ("bookings"."cancellation_charge" between 0 and "bookings"."total_amount" - "bookings"."discount");