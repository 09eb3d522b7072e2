CREATE TABLE "reminders_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"deadline_kind" text NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"hours_before" integer NOT NULL,
	"user_id" integer NOT NULL,
	"booking_id" integer,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_sent_kind" CHECK ("reminders_sent"."deadline_kind" in ('deposit', 'name', 'ticketing')),
	CONSTRAINT "reminders_sent_hours" CHECK ("reminders_sent"."hours_before" in (24, 48))
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_once" ON "reminders_sent" USING btree ("group_id","deadline_kind","deadline_at","hours_before","user_id",coalesce("booking_id", 0));