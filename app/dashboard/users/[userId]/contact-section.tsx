import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { Section } from "@/components/forms/page-header";
import { telHref } from "@/lib/format/phone";
import { MAX_NOTES } from "@/lib/schemas/user-input";
import type { PersonContact } from "@/lib/users/get-person-contact";
import { updatePersonContactAction } from "../actions";

/** How the desk reaches a member (their phone, a tap to call) and what the studio notes about them, with a form to change both. */
export async function ContactSection({ userId, contact }: { userId: string; contact: PersonContact }) {
  const t = await getTranslations("PersonPage");
  return (
    <Section id="contact" title={t("contactHeading")}>
      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[1fr_3fr]">
        <div>
          <dt className="text-slate-600">{t("phone")}</dt>
          <dd className="font-medium text-slate-900">
            {contact.phone ? (
              <a href={telHref(contact.phone)} className="text-brand-700 underline underline-offset-2">
                {contact.phone}
              </a>
            ) : (
              t("noPhone")
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("notes")}</dt>
          <dd className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
            {contact.notes ?? t("noNotes")}
          </dd>
        </div>
      </dl>
      <details className="mt-4 max-w-xl">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("editContact")}</summary>
        <div className="mt-3">
          <ActionForm
            action={updatePersonContactAction}
            hidden={{ userId }}
            fields={[
              {
                kind: "tel",
                name: "phone",
                label: t("phone"),
                defaultValue: contact.phone,
                autoComplete: "off",
                hint: contact.sharedIdentity ? t("phoneSharedHint") : undefined,
              },
              {
                kind: "textarea",
                name: "notes",
                label: t("notes"),
                defaultValue: contact.notes,
                rows: 4,
                hint: t("notesHint", { maximum: MAX_NOTES }),
              },
            ]}
            submitLabel={t("saveContact")}
            pendingLabel={t("savingContact")}
          />
        </div>
      </details>
    </Section>
  );
}
