"use server";

import { getTranslations } from "next-intl/server";
import { readRaw } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { addGroupMember } from "@/lib/groups/add-group-member";
import { createGroup } from "@/lib/groups/create-group";
import { deleteGroup } from "@/lib/groups/delete-group";
import { removeGroupMember } from "@/lib/groups/remove-group-member";
import { renameGroup } from "@/lib/groups/rename-group";
import { CreateGroupInput, UpdateGroupInput } from "@/lib/schemas/group";

const PATH = "/dashboard/groups";

export const createGroupAction = action(
  { auth: "administrator", input: { schema: CreateGroupInput, fields: { name: readRaw } }, revalidate: PATH },
  async ({ viewer, input: { name } }) => {
    const group = await createGroup({ db: viewer.db, accountId: viewer.accountId, name });
    const t = await getTranslations("GroupsActions");
    return t("added", { name: group.name });
  },
);

export const renameGroupAction = action(
  {
    auth: "administrator",
    ids: ["groupId"],
    input: { schema: UpdateGroupInput, fields: { name: readRaw } },
    revalidate: PATH,
  },
  async ({ viewer, ids: { groupId }, input: { name } }) => {
    await renameGroup({ db: viewer.db, groupId, name });
    const t = await getTranslations("GroupsActions");
    return t("saved");
  },
);

export const deleteGroupAction = action(
  { auth: "administrator", ids: ["groupId"], revalidate: PATH },
  async ({ viewer, ids: { groupId } }) => {
    await deleteGroup({ db: viewer.db, groupId });
  },
);

export const addGroupMemberAction = action(
  { auth: "administrator", ids: ["groupId", "userId"], revalidate: PATH },
  async ({ viewer, ids: { groupId, userId } }) => {
    await addGroupMember({ db: viewer.db, accountId: viewer.accountId, groupId, userId });
  },
);

export const removeGroupMemberAction = action(
  { auth: "administrator", ids: ["groupId", "userId"], revalidate: PATH },
  async ({ viewer, ids: { groupId, userId } }) => {
    await removeGroupMember({ db: viewer.db, groupId, userId });
  },
);
