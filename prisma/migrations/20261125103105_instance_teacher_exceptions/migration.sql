-- AlterTable
ALTER TABLE "InstanceException" ADD COLUMN     "originalTeacherIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "replacementTeacherIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

