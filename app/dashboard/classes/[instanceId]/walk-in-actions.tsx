"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { StateForm } from "@/components/dashboard/state-form";
import { ActionForm } from "@/components/forms/action-form";
import { addWalkInAction, bookWalkInAction } from "./actions";

export type DropInOption = { priceId: string; label: string };

/**
 * One search result's ways in: book with their own pass, or (an administrator at the desk) sell a
 * drop-in at a chosen price and book with it.
 */
export function WalkInActions({
  instanceId,
  attendeeId,
  attendee,
  dropIns,
}: {
  instanceId: string;
  attendeeId: string;
  attendee: string;
  dropIns: DropInOption[];
}) {
  const t = useTranslations("WalkInActions");
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <StateForm
        action={bookWalkInAction}
        hidden={{ instanceId, attendeeId }}
        submitLabel={t("bookWithPass")}
        pendingLabel={t("booking")}
        className="space-y-0"
      />
      {dropIns.length > 0 ? (
        <StateForm
          action={bookWalkInAction}
          hidden={{ instanceId, attendeeId }}
          submitLabel={t("sellDropIn")}
          pendingLabel={t("booking")}
          variant="secondary"
          className="flex flex-wrap items-end gap-2"
        >
          {() => (
            <span>
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
                {t("dropInFor", { attendee })}
              </label>
              <select
                id={selectId}
                name="priceId"
                className="mt-1 min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
              >
                {dropIns.map((option) => (
                  <option key={option.priceId} value={option.priceId}>
                    {option.label}
                  </option>
                ))}
              </select>
            </span>
          )}
        </StateForm>
      ) : null}
    </div>
  );
}

/**
 * Someone who is not yet a member, at the door: their name, an email if they give one, and (when
 * the studio sells drop-ins) the drop-in sold in the same step. Cleared after a success, so a
 * second tap does not add the person twice.
 */
export function NewWalkInForm({ instanceId, dropIns }: { instanceId: string; dropIns: DropInOption[] }) {
  const t = useTranslations("WalkInActions");
  return (
    <ActionForm
      action={addWalkInAction}
      hidden={{ instanceId }}
      resetOnSuccess
      submitLabel={dropIns.length > 0 ? t("addSellAndBook") : t("addAndBook")}
      pendingLabel={t("booking")}
      fields={[
        { kind: "text", name: "displayName", label: t("newName"), required: true, autoComplete: "off" },
        { kind: "email", name: "email", label: t("newEmail"), hint: t("newEmailHint"), autoComplete: "off" },
        ...(dropIns.length > 0
          ? [
              {
                kind: "select" as const,
                name: "priceId",
                label: t("newDropIn"),
                options: dropIns.map((option) => ({ value: option.priceId, label: option.label })),
              },
            ]
          : []),
      ]}
    />
  );
}
