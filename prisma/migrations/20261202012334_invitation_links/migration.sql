-- AlterTable
ALTER TABLE "MagicLink" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'sign_in';

