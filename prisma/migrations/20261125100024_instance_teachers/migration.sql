-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "ownTeachers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "teacherIds" TEXT[] DEFAULT ARRAY[]::TEXT[];


-- Every instance so far was its event's: it takes the event's teachers.
UPDATE "Instance" AS i SET "teacherIds" = e."teacherIds"
FROM "Event" AS e
WHERE e."id" = i."eventId" AND e."accountId" = i."accountId" AND cardinality(e."teacherIds") > 0;
