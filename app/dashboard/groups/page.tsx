import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listGroups } from "@/lib/groups/list-groups";
import { listMemberNames } from "@/lib/users/list-member-names";
import { listUsers } from "@/lib/users/list-users";
import { contactLabel } from "@/lib/users/contact-label";
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

type Props = { searchParams: Promise<{ group?: string | string[]; q?: string | string[] }> };

export default async function GroupsPage({ searchParams }: Props) {
  const [viewer, t, params, tContact] = await Promise.all([
    requireAdministrator(),
    getTranslations("GroupsPage"),
    searchParams,
    getTranslations("Contact"),
  ]);
  const groups = await listGroups({ db: viewer.db });
  const names = await listMemberNames({ db: viewer.db, userIds: groups.flatMap((group) => group.userIds) });
  // One group's search at a time (its "Find a person" form): up to 10 people, never the whole studio.
  const searchedGroup = typeof params.group === "string" ? params.group : undefined;
  const query = typeof params.q === "string" ? params.q.trim() : "";
  const found =
    searchedGroup && query
      ? (await listUsers({ db: viewer.db, accountId: viewer.accountId, viewer: viewer.persona, q: query, limit: 10 }))
          .items
      : [];
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
            const searched = group.id === searchedGroup && query !== "";
            const matches = searched ? found.filter((person) => !group.userIds.includes(person.id)) : [];
            return (
              <li
                key={group.id}
                id={`group-${group.id}`}
                className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <h3 className="font-medium text-slate-900">
                    {group.name}{" "}
                    <span className="font-normal text-slate-600">{t("members", { count: group.userIds.length })}</span>
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
                      <span className="text-sm text-slate-800">{names.get(userId) ?? t("formerMember")}</span>
                      <ActionForm
                        action={removeGroupMemberAction}
                        hidden={{ groupId: group.id, userId }}
                        submitLabel={t("removeMember", {
                          member: names.get(userId) ?? t("member"),
                          group: group.name,
                        })}
                        pendingLabel={t("removing")}
                        variant="secondary"
                        inline
                      />
                    </li>
                  ))}
                </ul>
                <form
                  method="get"
                  action={`#group-${group.id}`}
                  role="search"
                  className="flex flex-wrap items-end gap-2"
                >
                  <input type="hidden" name="group" value={group.id} />
                  <span className="min-w-0 flex-1">
                    <label htmlFor={`find-${group.id}`} className="block text-sm font-medium text-slate-800">
                      {t("addTo", { name: group.name })}
                    </label>
                    <input
                      id={`find-${group.id}`}
                      type="search"
                      name="q"
                      defaultValue={group.id === searchedGroup ? query : ""}
                      autoComplete="off"
                      placeholder={t("findPersonHint")}
                      className="mt-1 min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2"
                    />
                  </span>
                  <button
                    type="submit"
                    aria-label={t("findPersonFor", { name: group.name })}
                    className="min-h-11 rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
                  >
                    {t("search")}
                  </button>
                </form>
                {searched && matches.length === 0 ? (
                  <p className="text-sm text-slate-600">{t("noMatches", { query })}</p>
                ) : null}
                {matches.length > 0 ? (
                  <ul className="divide-y divide-slate-200" aria-label={t("matchesFor", { name: group.name })}>
                    {matches.map((person) => (
                      <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span className="text-sm text-slate-800">
                          {person.displayName || person.email}{" "}
                          <span className="text-slate-600">{contactLabel(person, tContact)}</span>
                        </span>
                        <ActionForm
                          action={addGroupMemberAction}
                          hidden={{ groupId: group.id, userId: person.id }}
                          submitLabel={t("addMember")}
                          accessibleLabel={t("addNamedTo", {
                            member: person.displayName || (person.email ?? ""),
                            name: group.name,
                          })}
                          pendingLabel={t("adding")}
                          variant="secondary"
                          inline
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
                <details>
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">
                    {t("renameName", { name: group.name })}
                  </summary>
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
