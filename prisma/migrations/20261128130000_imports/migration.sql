-- AlterTable
ALTER TABLE "User" ADD COLUMN     "phone" TEXT;

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "notes" TEXT;

-- AlterTable
ALTER TABLE "Entitlement" ADD COLUMN     "importId" TEXT;

-- CreateTable
CREATE TABLE "Import" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'previewed',
    "source" TEXT NOT NULL,
    "headers" TEXT[],
    "fields" TEXT[],
    "dateFormat" TEXT NOT NULL,
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "validRows" INTEGER NOT NULL DEFAULT 0,
    "invalidRows" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER,
    "updated" INTEGER,
    "unchanged" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "committedAt" TIMESTAMP(3),
    "invitedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "Import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImportRow" (
    "accountId" TEXT NOT NULL,
    "importId" TEXT NOT NULL,
    "row" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "cells" TEXT[],
    "values" JSONB NOT NULL,
    "errors" JSONB NOT NULL,
    "kept" JSONB NOT NULL DEFAULT '[]',
    "outcome" TEXT,
    "userId" TEXT,

    CONSTRAINT "ImportRow_pkey" PRIMARY KEY ("importId","row")
);

-- CreateIndex
CREATE INDEX "Import_accountId_createdAt_idx" ON "Import"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "Import_status_lockedUntil_idx" ON "Import"("status", "lockedUntil");

-- CreateIndex
CREATE INDEX "ImportRow_importId_status_row_idx" ON "ImportRow"("importId", "status", "row");

-- CreateIndex
CREATE INDEX "ImportRow_accountId_idx" ON "ImportRow"("accountId");

-- AddForeignKey
ALTER TABLE "Import" ADD CONSTRAINT "Import_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportRow" ADD CONSTRAINT "ImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "Import"("id") ON DELETE CASCADE ON UPDATE CASCADE;

