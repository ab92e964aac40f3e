-- AlterTable
ALTER TABLE "MagicLink" ADD COLUMN     "askedOn" TEXT,
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lockedUntil" TIMESTAMP(3),
ADD COLUMN     "returnTo" TEXT,
ADD COLUMN     "sealedToken" TEXT;

-- CreateIndex
CREATE INDEX "MagicLink_lockedUntil_idx" ON "MagicLink"("lockedUntil");
