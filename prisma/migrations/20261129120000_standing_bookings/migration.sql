-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "standingBookings" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "NoticeEmail" ADD COLUMN     "standingBookingId" TEXT;

-- CreateTable
CREATE TABLE "StandingBooking" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "seriesId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stoppedAt" TIMESTAMP(3),
    "noPassNoticeAt" TIMESTAMP(3),

    CONSTRAINT "StandingBooking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StandingBookingClass" (
    "standingBookingId" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "bookingId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StandingBookingClass_pkey" PRIMARY KEY ("standingBookingId","instanceId")
);

-- CreateIndex
CREATE INDEX "StandingBooking_accountId_userId_idx" ON "StandingBooking"("accountId", "userId");

-- CreateIndex
CREATE INDEX "StandingBooking_seriesId_status_idx" ON "StandingBooking"("seriesId", "status");

-- One active standing place per person and series (Prisma cannot declare partial indexes).
CREATE UNIQUE INDEX "StandingBooking_one_active" ON "StandingBooking" ("accountId", "userId", "seriesId") WHERE "status" = 'active';

-- CreateIndex
CREATE UNIQUE INDEX "StandingBookingClass_bookingId_key" ON "StandingBookingClass"("bookingId");

-- CreateIndex
CREATE INDEX "StandingBookingClass_instanceId_idx" ON "StandingBookingClass"("instanceId");

-- CreateIndex
CREATE INDEX "StandingBookingClass_accountId_idx" ON "StandingBookingClass"("accountId");

-- CreateIndex
CREATE INDEX "NoticeEmail_standingBookingId_idx" ON "NoticeEmail"("standingBookingId");

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_standingBookingId_fkey" FOREIGN KEY ("standingBookingId") REFERENCES "StandingBooking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBooking" ADD CONSTRAINT "StandingBooking_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBooking" ADD CONSTRAINT "StandingBooking_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBooking" ADD CONSTRAINT "StandingBooking_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "Series"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBookingClass" ADD CONSTRAINT "StandingBookingClass_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBookingClass" ADD CONSTRAINT "StandingBookingClass_standingBookingId_fkey" FOREIGN KEY ("standingBookingId") REFERENCES "StandingBooking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBookingClass" ADD CONSTRAINT "StandingBookingClass_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StandingBookingClass" ADD CONSTRAINT "StandingBookingClass_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;
