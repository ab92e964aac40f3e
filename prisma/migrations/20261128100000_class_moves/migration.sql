-- AlterTable
ALTER TABLE "BookingEmail" ADD COLUMN     "previousLocation" TEXT,
ADD COLUMN     "previousStartsAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "calendarSequence" INTEGER NOT NULL DEFAULT 0;
