-- AlterTable
ALTER TABLE "AccountPayments" ADD COLUMN     "takesPaymentAtDesk" BOOLEAN NOT NULL DEFAULT false;

