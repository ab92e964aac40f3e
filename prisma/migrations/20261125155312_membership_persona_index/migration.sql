-- CreateIndex
CREATE INDEX "Membership_accountId_persona_idx" ON "Membership"("accountId", "persona");

