import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listProducts } from "@/lib/commerce/list-products";
import { listUsers } from "@/lib/users/list-users";
import { changePersonaAction, grantPassAction, inviteUserAction, removeMembershipAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("UsersPage");
  return { title: t("title") };
}

export default async function UsersPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("UsersPage")]);
  const PERSONAS = [
    { value: "attendee", label: t("attendee") },
    { value: "teacher", label: t("teacher") },
    { value: "administrator", label: t("administrator") },
  ];
  const personaNames: Record<string, string> = Object.fromEntries(PERSONAS.map(({ value, label }) => [value, label]));
  const statusNames: Record<string, string> = {
    active: t("statusActive"),
    invited: t("statusInvited"),
    disabled: t("statusDisabled"),
  };
  const productStatuses: Record<string, string> = { draft: t("productDraft"), archived: t("productArchived") };
  const productStatus = (status: string) => productStatuses[status] ?? status;
  const [people, products] = await Promise.all([listUsers({ db: viewer.db, accountId: viewer.accountId, viewer: viewer.persona }).then((page) => page.items), listProducts({ db: viewer.db })]);
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="invite" title={t("inviteHeading")}>
        <ActionForm
          action={inviteUserAction}
          fields={[
            { kind: "email", name: "email", label: t("email"), required: true, autoComplete: "off" },
            { kind: "text", name: "displayName", label: t("name"), required: true, autoComplete: "off" },
            { kind: "select", name: "persona", label: t("role"), options: PERSONAS, defaultValue: "attendee" },
          ]}
          submitLabel={t("invite")}
          pendingLabel={t("inviting")}
          resetOnSuccess
        />
      </Section>
      <Section id="grant" title={t("grantHeading")}>
        <p className="text-sm text-slate-700">
          {t("grantIntro")}
          {products.length === 0 ? t("addProductFirst") : ""}
        </p>
        <ActionForm
          action={grantPassAction}
          fields={[
            {
              kind: "select",
              name: "userId",
              label: t("person"),
              options: people.map((p) => ({ value: p.id, label: `${p.displayName} (${p.email})` })),
            },
            {
              kind: "select",
              name: "productId",
              label: t("product"),
              options: products.map((p) => ({
                value: p.id,
                label: p.status === "active" ? p.name : t("productWithStatus", { name: p.name, status: productStatus(p.status) }),
              })),
            },
            { kind: "text", name: "note", label: t("note"), hint: t("noteHint") },
          ]}
          submitLabel={t("grantPass")}
          pendingLabel={t("granting")}
          disabled={products.length === 0}
        />
      </Section>
      <Section id="people" title={t("members", { count: people.length })}>
        <ul className="space-y-3">
          {people.map((person) => {
            const self = person.id === viewer.userId;
            return (
              <li key={person.id} className="rounded-lg border border-slate-300 bg-white p-4">
                <h3 className="font-medium text-slate-900">
                  {person.displayName}
                  {self ? <span className="font-normal text-slate-600"> {t("you")}</span> : null}
                </h3>
                <p className="text-sm break-all text-slate-700">{person.email}</p>
                <p className="text-sm text-slate-700">
                  {statusNames[person.status] ?? person.status} ·{" "}
                  {personaNames[person.persona] ?? person.persona}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <ActionForm
                    action={changePersonaAction}
                    hidden={{ userId: person.id }}
                    fields={[
                      {
                        kind: "select",
                        name: "persona",
                        label: t("roleOf", { name: person.displayName }),
                        options: PERSONAS,
                        defaultValue: person.persona,
                      },
                    ]}
                    submitLabel={t("changeRole")}
                    variant="secondary"
                    inline
                  />
                  {self ? (
                    <div>
                      <button
                        type="button"
                        disabled
                        aria-describedby={`own-${person.id}`}
                        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-500"
                      >
                        {t("remove", { name: person.displayName })}
                      </button>
                      <p id={`own-${person.id}`} className="mt-1 text-sm text-slate-600">
                        {t("cannotRemoveSelf")}
                      </p>
                    </div>
                  ) : (
                    <ActionForm
                      action={removeMembershipAction}
                      hidden={{ userId: person.id }}
                      submitLabel={t("remove", { name: person.displayName })}
                      pendingLabel={t("removing")}
                      variant="danger"
                      confirm={t("confirmRemove", { name: person.displayName })}
                      inline
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}
