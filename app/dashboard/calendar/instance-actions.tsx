"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ActionForm } from "@/components/forms/action-form";
import { inputClass } from "@/components/forms/field";
import { FieldError, StateForm } from "@/components/dashboard/state-form";
import { cancelInstanceAction, moveInstanceAction, restoreInstanceAction, setAudienceAction } from "./actions";

type Props = {
  instanceId: string;
  title: string;
  status: string;
  /** The start as a datetime-local value in the studio's timezone. */
  startsAtLocal: string;
  /** The studio's time zone as the page names it: "Central European Time", "Centraleuropæisk tid". */
  zoneName: string;
  audience: string;
  groupIds: string[];
  groups: { id: string; name: string }[];
  /** Confirmed and waitlisted bookings: a move emails them all, so it is confirmed first. */
  peopleBooked: number;
};

/** Move, cancel, restore and audience of one instance, each with its own pending and error state. */
export function InstanceActions(props: Props) {
  const id = useId();
  const t = useTranslations("InstanceActions");
  const [audience, setAudience] = useState(props.audience);
  const hidden = { instanceId: props.instanceId };
  const cancelled = props.status === "cancelled";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {!cancelled ? (
          <ActionForm
            action={cancelInstanceAction}
            hidden={hidden}
            submitLabel={t("cancelClass")}
            pendingLabel={t("cancelling")}
            variant="danger"
            confirm={t("confirmCancel", { title: props.title })}
            inline
          />
        ) : null}
        {props.status !== "scheduled" ? (
          <ActionForm
            action={restoreInstanceAction}
            hidden={hidden}
            submitLabel={t("restore")}
            pendingLabel={t("restoring")}
            variant="secondary"
            inline
          />
        ) : null}
      </div>
      {!cancelled ? (
        <StateForm
          action={moveInstanceAction}
          hidden={hidden}
          submitLabel={t("move")}
          pendingLabel={t("moving")}
          variant="secondary"
          confirm={props.peopleBooked > 0 ? t("confirmMove", { count: props.peopleBooked }) : undefined}
        >
          {(state) => (
            <div>
              <label htmlFor={`${id}-startsAt`} className="block text-sm font-medium text-slate-800">
                {t("newStart", { zone: props.zoneName })}
              </label>
              <input
                id={`${id}-startsAt`}
                name="startsAt"
                type="datetime-local"
                defaultValue={props.startsAtLocal}
                className={`${inputClass} max-w-64`}
                aria-invalid={state.fieldErrors?.startsAt ? true : undefined}
                aria-describedby={state.fieldErrors?.startsAt ? `${id}-startsAt-error` : undefined}
              />
              <FieldError id={`${id}-startsAt-error`} error={state.fieldErrors?.startsAt} />
            </div>
          )}
        </StateForm>
      ) : null}
      <StateForm action={setAudienceAction} hidden={hidden} submitLabel={t("saveAudience")} variant="secondary">
        {(state) => (
          <fieldset aria-describedby={state.fieldErrors?.groupIds ? `${id}-groups-error` : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t("whoMayBook")}</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {[
                ["everyone", t("everyone")],
                ["groups", t("membersOfGroups")],
                ["nobody", t("nobody")],
              ].map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="audience"
                    value={value}
                    checked={audience === value}
                    onChange={() => setAudience(value!)}
                  />
                  {label}
                </label>
              ))}
            </div>
            {audience === "groups" ? (
              props.groups.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t("noGroups")}</p>
              ) : (
                <div className="mt-2 flex flex-wrap gap-3 rounded-md border border-slate-300 p-2">
                  {props.groups.map((group) => (
                    <label key={group.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="groupIds"
                        value={group.id}
                        defaultChecked={props.groupIds.includes(group.id)}
                      />
                      {group.name}
                    </label>
                  ))}
                </div>
              )
            ) : null}
            <FieldError id={`${id}-groups-error`} error={groupError(state.fieldErrors)} />
          </fieldset>
        )}
      </StateForm>
    </div>
  );
}

function groupError(errors: Record<string, string> | undefined): string | undefined {
  if (!errors) return undefined;
  const key = Object.keys(errors).find(
    (name) => name === "groupIds" || name.startsWith("groupIds.") || name === "audience",
  );
  return key ? errors[key] : undefined;
}
