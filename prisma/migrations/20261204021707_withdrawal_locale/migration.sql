-- AlterTable
ALTER TABLE "Withdrawal" ADD COLUMN     "locale" TEXT NOT NULL;

