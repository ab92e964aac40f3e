import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listGroups } from "@/lib/groups/list-groups";
import { listUsers } from "@/lib/users/list-users";
import {
  addGroupMemberAction,
  createGroupAction,
  deleteGroupAction,
  removeGroupMemberAction,
  renameGroupAction,
} from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("GroupsPage");
  return { title: t("title") };
}

export default async function GroupsPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("GroupsPage")]);
  const [groups, people] = await Promise.all([listGroups({ db: viewer.db }), listUsers({ db: viewer.db, accountId: viewer.accountId, viewer: viewer.persona }).then((page) => page.items)]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="new-group" title={t("addHeading")}>
        <ActionForm
          action={createGroupAction}
          fields={[{ kind: "text", name: "name", label: t("name"), required: true }]}
          submitLabel={t("add")}
          resetOnSuccess
        />
      </Section>
      <Section id="groups" title={t("groups", { count: groups.length })}>
        {groups.length === 0 ? <p className="text-sm text-slate-600">{t("noGroups")}</p> : null}
        <ul className="space-y-4">
          {groups.map((group) => {
            const outside = people.filter((person) => !group.userIds.includes(person.id));
            return (
              <li key={group.id} className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <h3 className="font-medium text-slate-900">
                    {group.name} <span className="font-normal text-slate-600">{t("members", { count: group.userIds.length })}</span>
                  </h3>
                  <ActionForm
                    action={deleteGroupAction}
                    hidden={{ groupId: group.id }}
                    submitLabel={t("delete", { name: group.name })}
                    pendingLabel={t("deleting")}
                    variant="danger"
                    confirm={t("confirmDelete", { name: group.name })}
                    inline
                  />
                </div>
                <ul className="divide-y divide-slate-200">
                  {group.userIds.map((userId) => (
                    <li key={userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="text-sm text-slate-800">{byId.get(userId)?.displayName ?? t("formerMember")}</span>
                      <ActionForm
                        action={removeGroupMemberAction}
                        hidden={{ groupId: group.id, userId }}
                        submitLabel={t("removeMember", {
                          member: byId.get(userId)?.displayName ?? t("member"),
                          group: group.name,
                        })}
                        pendingLabel={t("removing")}
                        variant="secondary"
                        inline
                      />
                    </li>
                  ))}
                </ul>
                {outside.length > 0 ? (
                  <ActionForm
                    action={addGroupMemberAction}
                    hidden={{ groupId: group.id }}
                    fields={[
                      {
                        kind: "select",
                        name: "userId",
                        label: t("addTo", { name: group.name }),
                        options: outside.map((p) => ({ value: p.id, label: p.displayName })),
                      },
                    ]}
                    submitLabel={t("addMember")}
                    accessibleLabel={t("addMemberTo", { name: group.name })}
                    pendingLabel={t("adding")}
                    variant="secondary"
                    inline
                  />
                ) : null}
                <details>
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("renameName", { name: group.name })}</summary>
                  <div className="mt-3">
                    <ActionForm
                      action={renameGroupAction}
                      hidden={{ groupId: group.id }}
                      fields={[
                        { kind: "text", name: "name", label: t("newName"), defaultValue: group.name, required: true },
                      ]}
                      submitLabel={t("rename")}
                      accessibleLabel={t("renameName", { name: group.name })}
                    />
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}
