ALTER TABLE "booking_passengers" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "firstname" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "lastname" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "dob" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "passport_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "passport_expiry_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_passengers" ALTER COLUMN "passport_file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "deposit_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "name_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "ticketing_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "name_deadline_done_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "groups_name_deadline_due_idx" ON "groups" USING btree ("name_deadline") WHERE "groups"."name_deadline_done_at" is null and "groups"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_name_before_ticketing" CHECK ("groups"."name_deadline" is null or "groups"."ticketing_deadline" is null or "groups"."name_deadline" <= "groups"."ticketing_deadline");--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_details_all_or_none" CHECK (("booking_passengers"."title" is null and "booking_passengers"."firstname" is null and "booking_passengers"."lastname" is null and "booking_passengers"."dob" is null and "booking_passengers"."passport_no" is null and "booking_passengers"."passport_expiry_date" is null and "booking_passengers"."passport_file_id" is null and "booking_passengers"."visa_file_id" is null and "booking_passengers"."ticket_no" is null)
        or ("booking_passengers"."title" is not null and "booking_passengers"."firstname" is not null and "booking_passengers"."lastname" is not null and "booking_passengers"."dob" is not null and "booking_passengers"."passport_no" is not null and "booking_passengers"."passport_expiry_date" is not null and "booking_passengers"."passport_file_id" is not null));