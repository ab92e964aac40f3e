-- CreateIndex
CREATE INDEX "Booking_guestOfId_idx" ON "Booking"("guestOfId");

