ALTER TABLE "booking_passengers" ADD COLUMN "ticket_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_passengers_ticket_no_unique" ON "booking_passengers" USING btree ("ticket_no");--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_ticket_no" CHECK ("booking_passengers"."ticket_no" ~ '^[0-9]{13}$');