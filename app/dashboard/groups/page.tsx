import type { Metadata } from "next";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listGroups } from "@/lib/groups/list-groups";
import { listPeople } from "@/lib/users/list-people";
import {
  addGroupMemberAction,
  createGroupAction,
  deleteGroupAction,
  removeGroupMemberAction,
  renameGroupAction,
} from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Groups" };

export default async function GroupsPage() {
  const viewer = await requireAdministrator();
  const [groups, people] = await Promise.all([listGroups({ db: viewer.db }), listPeople({ db: viewer.db })]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return (
    <div className="space-y-8">
      <PageHeader title="Groups">Groups of people, for classes that only a group may book.</PageHeader>
      <Section id="new-group" title="Add a group">
        <ActionForm
          action={createGroupAction}
          fields={[{ kind: "text", name: "name", label: "Name", required: true }]}
          submitLabel="Add group"
          resetOnSuccess
        />
      </Section>
      <Section id="groups" title={`Groups (${groups.length})`}>
        {groups.length === 0 ? <p className="text-sm text-slate-600">No groups yet.</p> : null}
        <ul className="space-y-4">
          {groups.map((group) => {
            const outside = people.filter((person) => !group.userIds.includes(person.id));
            return (
              <li key={group.id} className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <h3 className="font-medium text-slate-900">
                    {group.name} <span className="font-normal text-slate-600">({group.userIds.length} members)</span>
                  </h3>
                  <ActionForm
                    action={deleteGroupAction}
                    hidden={{ groupId: group.id }}
                    submitLabel={`Delete ${group.name}`}
                    pendingLabel="Deleting…"
                    variant="danger"
                    confirm={`Delete the group ${group.name}? Classes restricted to it stay restricted.`}
                    inline
                  />
                </div>
                <ul className="divide-y divide-slate-200">
                  {group.userIds.map((userId) => (
                    <li key={userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="text-sm text-slate-800">{byId.get(userId)?.displayName ?? "Former member"}</span>
                      <ActionForm
                        action={removeGroupMemberAction}
                        hidden={{ groupId: group.id, userId }}
                        submitLabel={`Remove ${byId.get(userId)?.displayName ?? "member"} from ${group.name}`}
                        pendingLabel="Removing…"
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
                        label: `Add to ${group.name}`,
                        options: outside.map((p) => ({ value: p.id, label: p.displayName })),
                      },
                    ]}
                    submitLabel="Add member"
                    accessibleLabel={`Add member to ${group.name}`}
                    pendingLabel="Adding…"
                    variant="secondary"
                    inline
                  />
                ) : null}
                <details>
                  <summary className="cursor-pointer text-sm font-medium text-brand-700">Rename {group.name}</summary>
                  <div className="mt-3">
                    <ActionForm
                      action={renameGroupAction}
                      hidden={{ groupId: group.id }}
                      fields={[
                        { kind: "text", name: "name", label: "New name", defaultValue: group.name, required: true },
                      ]}
                      submitLabel="Rename"
                      accessibleLabel={`Rename ${group.name}`}
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
