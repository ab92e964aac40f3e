import type { Metadata } from "next";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listProducts } from "@/lib/commerce/list-products";
import { listPeople } from "@/lib/users/list-people";
import { changePersonaAction, grantPassAction, inviteUserAction, removeMembershipAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People" };

const PERSONAS = [
  { value: "attendee", label: "Attendee" },
  { value: "administrator", label: "Administrator" },
];
const STATUS_LABEL: Record<string, string> = { active: "Active", invited: "Invited", disabled: "Disabled" };

export default async function UsersPage() {
  const viewer = await requireAdministrator();
  const [people, products] = await Promise.all([listPeople({ db: viewer.db }), listProducts({ db: viewer.db })]);
  return (
    <div className="space-y-8">
      <PageHeader title="People">
        Everyone who belongs to the studio. Invited people sign in with a magic link.
      </PageHeader>
      <Section id="invite" title="Invite someone">
        <ActionForm
          action={inviteUserAction}
          fields={[
            { kind: "email", name: "email", label: "Email", required: true, autoComplete: "off" },
            { kind: "text", name: "displayName", label: "Name", required: true, autoComplete: "off" },
            { kind: "select", name: "persona", label: "Role", options: PERSONAS, defaultValue: "attendee" },
          ]}
          submitLabel="Invite"
          pendingLabel="Inviting…"
          resetOnSuccess
        />
      </Section>
      <Section id="grant" title="Grant a pass at the desk">
        <p className="text-sm text-slate-700">
          For a payment taken at the desk: records a paid order at the product&apos;s first price and gives the pass.
          {products.length === 0 ? " Add a product first." : ""}
        </p>
        <ActionForm
          action={grantPassAction}
          fields={[
            {
              kind: "select",
              name: "userId",
              label: "Person",
              options: people.map((p) => ({ value: p.id, label: `${p.displayName} (${p.email})` })),
            },
            {
              kind: "select",
              name: "productId",
              label: "Product",
              options: products.map((p) => ({
                value: p.id,
                label: `${p.name}${p.status === "active" ? "" : ` (${p.status})`}`,
              })),
            },
            { kind: "text", name: "note", label: "Note", hint: "Optional, e.g. paid in cash" },
          ]}
          submitLabel="Grant pass"
          pendingLabel="Granting…"
          disabled={products.length === 0}
        />
      </Section>
      <Section id="people" title={`Members (${people.length})`}>
        <ul className="space-y-3">
          {people.map((person) => {
            const self = person.id === viewer.userId;
            return (
              <li key={person.id} className="rounded-lg border border-slate-300 bg-white p-4">
                <h3 className="font-medium text-slate-900">
                  {person.displayName}
                  {self ? <span className="font-normal text-slate-600"> (you)</span> : null}
                </h3>
                <p className="text-sm break-all text-slate-700">{person.email}</p>
                <p className="text-sm text-slate-700">
                  {STATUS_LABEL[person.status] ?? person.status} ·{" "}
                  {person.persona === "administrator" ? "Administrator" : "Attendee"}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <ActionForm
                    action={changePersonaAction}
                    hidden={{ userId: person.id }}
                    fields={[
                      {
                        kind: "select",
                        name: "persona",
                        label: `Role of ${person.displayName}`,
                        options: PERSONAS,
                        defaultValue: person.persona,
                      },
                    ]}
                    submitLabel="Change role"
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
                        Remove {person.displayName}
                      </button>
                      <p id={`own-${person.id}`} className="mt-1 text-sm text-slate-600">
                        You cannot remove your own membership; another administrator can.
                      </p>
                    </div>
                  ) : (
                    <ActionForm
                      action={removeMembershipAction}
                      hidden={{ userId: person.id }}
                      submitLabel={`Remove ${person.displayName}`}
                      pendingLabel="Removing…"
                      variant="danger"
                      confirm={`Remove ${person.displayName} from the studio? Their future bookings are cancelled and they lose access.`}
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
