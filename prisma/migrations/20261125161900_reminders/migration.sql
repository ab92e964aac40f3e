-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "reminderHours" INTEGER NOT NULL DEFAULT 24;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailReminders" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "remindedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Instance_startsAt_idx" ON "Instance"("startsAt");

