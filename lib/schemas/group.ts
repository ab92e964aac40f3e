import type { Group } from "@prisma/client";
import { Id, text } from "./common";
import { z } from "./zod";

export const GroupSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    name: z.string().openapi({ example: "Pregnancy yoga" }),
    userIds: z.array(z.string()).openapi({ description: "Members of the group, all users of the same account" }),
  })
  .openapi("Group");

const GroupName = text().trim().min(1).max(200).openapi({ example: "Pregnancy yoga" });

export const CreateGroupInput = z.strictObject({ name: GroupName }).openapi("CreateGroupInput");
export const UpdateGroupInput = z.strictObject({ name: GroupName }).openapi("UpdateGroupInput");

export const GroupIdParams = z.object({ groupId: Id });
export const GroupUserParams = z.object({ groupId: Id, userId: Id });

export type GroupDto = z.infer<typeof GroupSchema>;

export function serializeGroup(group: Group & { members: { userId: string }[] }): GroupDto {
  return { id: group.id, accountId: group.accountId, name: group.name, userIds: group.members.map((m) => m.userId) };
}
