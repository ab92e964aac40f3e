-- CreateIndex
CREATE INDEX "Entitlement_accountId_userId_createdAt_id_idx" ON "Entitlement"("accountId", "userId", "createdAt", "id");

