-- CreateTable
CREATE TABLE "BookingEmail" (
    "id" BIGSERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "wasWaitlisted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "BookingEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BookingEmail_bookingId_idx" ON "BookingEmail"("bookingId");

-- AddForeignKey
ALTER TABLE "BookingEmail" ADD CONSTRAINT "BookingEmail_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookingEmail" ADD CONSTRAINT "BookingEmail_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

