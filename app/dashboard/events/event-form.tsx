"use client";

import { useId, useState } from "react";
import { Field, FieldFrame, describedBy, inputClass } from "@/components/forms/field";
import { StateForm, FieldError } from "@/components/dashboard/state-form";
import { createEventAction, updateEventAction } from "./actions";

export type EventFormEvent = {
  id: string;
  title: string;
  description: string;
  teacherIds: string[];
  location: string;
  locationId: string | null;
  durationMinutes: number;
  capacity: number;
  status: string;
};

type Choices = {
  presets: { name: string; minutes: number }[];
  locations: { id: string; name: string; capacity: number }[];
  teachers: { id: string; name: string }[];
};

/** Create (no `event`) or edit an event: the fields of POST/PATCH /events, with class-length quick picks. */
export function EventForm({ event, choices }: { event?: EventFormEvent; choices: Choices }) {
  const id = useId();
  const [duration, setDuration] = useState(String(event?.durationMinutes ?? 60));
  const [locationId, setLocationId] = useState(event?.locationId ?? "");
  return (
    <StateForm
      action={event ? updateEventAction : createEventAction}
      hidden={event ? { eventId: event.id } : {}}
      submitLabel={event ? "Save event" : "Create event"}
      pendingLabel={event ? "Saving…" : "Creating…"}
    >
      {(state) => {
        const errors = state.fieldErrors ?? {};
        const teacherError = Object.entries(errors).find(([name]) => name.startsWith("teacherIds"))?.[1];
        return (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field
                spec={{ kind: "text", name: "title", label: "Title", required: true, defaultValue: event?.title }}
                idPrefix={id}
                error={errors.title}
              />
            </div>
            <div className="sm:col-span-2">
              <Field
                spec={{ kind: "textarea", name: "description", label: "Description", defaultValue: event?.description }}
                idPrefix={id}
                error={errors.description}
              />
            </div>
            <FieldFrame id={`${id}-durationMinutes`} label="Length (minutes)" error={errors.durationMinutes}>
              <input
                id={`${id}-durationMinutes`}
                name="durationMinutes"
                type="number"
                min={1}
                inputMode="numeric"
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
                className={inputClass}
                aria-invalid={errors.durationMinutes ? true : undefined}
                aria-describedby={describedBy(`${id}-durationMinutes`, undefined, errors.durationMinutes)}
              />
              {choices.presets.length > 0 ? (
                <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label="Class length quick picks">
                  {choices.presets.map((preset) => (
                    <button
                      key={preset.name + preset.minutes}
                      type="button"
                      onClick={() => setDuration(String(preset.minutes))}
                      aria-pressed={duration === String(preset.minutes)}
                      className="rounded-full border border-brand-700 px-2 py-0.5 text-xs text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white"
                    >
                      {preset.name} ({preset.minutes} min)
                    </button>
                  ))}
                </div>
              ) : null}
            </FieldFrame>
            <Field
              spec={{
                kind: "number",
                name: "capacity",
                label: "Capacity",
                min: 1,
                defaultValue: event?.capacity,
                hint: "Blank: the location's capacity, else 20",
              }}
              idPrefix={id}
              error={errors.capacity}
            />
            <FieldFrame id={`${id}-locationId`} label="Location" error={errors.locationId}>
              <select
                id={`${id}-locationId`}
                name="locationId"
                value={locationId}
                onChange={(e) => setLocationId(e.target.value)}
                className={inputClass}
                aria-invalid={errors.locationId ? true : undefined}
              >
                <option value="">Other (type a name)</option>
                {choices.locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name} ({location.capacity} places)
                  </option>
                ))}
              </select>
            </FieldFrame>
            {locationId === "" ? (
              <Field
                spec={{ kind: "text", name: "location", label: "Location name", defaultValue: event?.location }}
                idPrefix={id}
                error={errors.location}
              />
            ) : (
              <div />
            )}
            <Field
              spec={{
                kind: "select",
                name: "status",
                label: "Status",
                defaultValue: event?.status ?? "published",
                options: [
                  { value: "published", label: "Published (on the public schedule)" },
                  { value: "draft", label: "Draft" },
                  { value: "archived", label: "Archived" },
                ],
              }}
              idPrefix={id}
              error={errors.status}
            />
            <fieldset className="sm:col-span-2" aria-describedby={teacherError ? `${id}-teachers-error` : undefined}>
              <legend className="text-sm font-medium text-slate-800">Teachers</legend>
              {choices.teachers.length === 0 ? (
                <p className="text-sm text-slate-600">Nobody to choose yet.</p>
              ) : (
                <div className="mt-1 flex max-h-40 flex-wrap gap-3 overflow-y-auto rounded-md border border-slate-300 p-2">
                  {choices.teachers.map((teacher) => (
                    <label key={teacher.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="teacherIds"
                        value={teacher.id}
                        defaultChecked={event?.teacherIds.includes(teacher.id)}
                      />
                      {teacher.name}
                    </label>
                  ))}
                </div>
              )}
              <FieldError id={`${id}-teachers-error`} error={teacherError} />
            </fieldset>
          </div>
        );
      }}
    </StateForm>
  );
}
