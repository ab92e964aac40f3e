"use client";

import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/forms/action-form";
import { setCapacityAction } from "./actions";

/**
 * The capacity of one class. A capacity below the confirmed bookings (0 included) keeps them all and
 * closes the class to new bookings: the desk confirms that first.
 */
export function CapacityForm(props: {
  instanceId: string;
  capacity: number;
  /** Confirmed bookings now. */
  booked: number;
  label: string;
  hint: string;
  submitLabel: string;
}) {
  const t = useTranslations("InstanceActions");
  function question(formData: FormData): string | undefined {
    const capacity = Number(formData.get("capacity"));
    if (props.booked === 0 || !Number.isInteger(capacity) || capacity >= props.booked) return undefined;
    return t("confirmCapacity", { booked: props.booked, capacity });
  }
  return (
    <ActionForm
      action={setCapacityAction}
      hidden={{ instanceId: props.instanceId }}
      fields={[
        {
          kind: "number",
          name: "capacity",
          label: props.label,
          defaultValue: props.capacity,
          min: 0,
          hint: props.hint,
        },
      ]}
      submitLabel={props.submitLabel}
      variant="secondary"
      confirm={question}
    />
  );
}
