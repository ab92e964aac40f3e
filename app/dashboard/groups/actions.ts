"use server";

import { getTranslations } from "next-intl/server";
import { readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { addGroupMember } from "@/lib/groups/add-group-member";
import { createGroup } from "@/lib/groups/create-group";
import { deleteGroup } from "@/lib/groups/delete-group";
import { removeGroupMember } from "@/lib/groups/remove-group-member";
import { renameGroup } from "@/lib/groups/rename-group";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { CreateGroupInput, UpdateGroupInput } from "@/lib/schemas/group";

const PATH = "/dashboard/groups";

const groupId = (formData: FormData) => parseWith(Id, readText(formData, "groupId"));
const userId = (formData: FormData) => parseWith(Id, readText(formData, "userId"));

export async function createGroupAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const { name } = parseWith(CreateGroupInput, { name: readRaw(formData, "name") });
      const group = await createGroup({ db: viewer.db, accountId: viewer.accountId, name });
      const t = await getTranslations("GroupsActions");
      return t("added", { name: group.name });
    },
    { revalidate: PATH },
  );
}

export async function renameGroupAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const id = groupId(formData);
      const { name } = parseWith(UpdateGroupInput, { name: readRaw(formData, "name") });
      await renameGroup({ db: viewer.db, groupId: id, name });
      const t = await getTranslations("GroupsActions");
      return t("saved");
    },
    { revalidate: PATH },
  );
}

export async function deleteGroupAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      await deleteGroup({ db: viewer.db, groupId: groupId(formData) });
    },
    { revalidate: PATH },
  );
}

export async function addGroupMemberAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      await addGroupMember({
        db: viewer.db,
        accountId: viewer.accountId,
        groupId: groupId(formData),
        userId: userId(formData),
      });
    },
    { revalidate: PATH },
  );
}

export async function removeGroupMemberAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      await removeGroupMember({ db: viewer.db, groupId: groupId(formData), userId: userId(formData) });
    },
    { revalidate: PATH },
  );
}
