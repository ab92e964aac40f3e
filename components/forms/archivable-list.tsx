import { useTranslations } from "next-intl";
import { ActionForm } from "./action-form";
import type { FieldSpec } from "./field";
import type { FormAction } from "@/lib/web/form-state";

export type ArchivableItem = {
  id: string;
  title: string;
  summary?: string;
  status: string;
  editFields: FieldSpec[];
};

/**
 * Active and archived records of one kind, each with an edit form behind a disclosure and an
 * archive / restore button. `idName` is the hidden input that carries the record's id; `empty` says
 * what an empty group lacks ("No active locations yet.").
 */
export function ArchivableList({
  empty,
  idName,
  items,
  editAction,
  statusAction,
}: {
  empty: { active: string; archived: string };
  idName: string;
  items: ArchivableItem[];
  editAction: FormAction;
  statusAction: FormAction;
}) {
  const t = useTranslations("ArchivableList");
  const groups = [
    { status: "active", heading: t("active"), empty: empty.active },
    { status: "archived", heading: t("archived"), empty: empty.archived },
  ];
  return (
    <>
      {groups.map((group) => {
        const shown = items.filter((item) => item.status === group.status);
        return (
          <section key={group.status} aria-labelledby={`${group.status}-heading`} className="space-y-3">
            <h2 id={`${group.status}-heading`} className="text-lg font-semibold text-slate-900">
              {group.heading} ({shown.length})
            </h2>
            {shown.length === 0 ? <p className="text-sm text-slate-600">{group.empty}</p> : null}
            <ul className="space-y-3">
              {shown.map((item) => (
                <li key={item.id} className="rounded-lg border border-slate-300 bg-white p-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 className="font-medium text-slate-900">{item.title}</h3>
                      {item.summary ? <p className="text-sm text-slate-700">{item.summary}</p> : null}
                    </div>
                    <ActionForm
                      action={statusAction}
                      hidden={{ [idName]: item.id, status: item.status === "active" ? "archived" : "active" }}
                      submitLabel={item.status === "active" ? t("archive") : t("restore")}
                      pendingLabel={item.status === "active" ? t("archiving") : t("restoring")}
                      accessibleLabel={
                        item.status === "active"
                          ? t("archiveName", { name: item.title })
                          : t("restoreName", { name: item.title })
                      }
                      variant="secondary"
                      inline
                    />
                  </div>
                  <details className="mt-3">
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("edit", { name: item.title })}</summary>
                    <div className="mt-3">
                      <ActionForm
                        action={editAction}
                        hidden={{ [idName]: item.id }}
                        fields={item.editFields}
                        submitLabel={t("save")}
                      />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
