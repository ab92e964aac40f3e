import type { ReactNode } from "react";
import { ColorField } from "./color-field";
import { SearchableSelect } from "./searchable-select";
import type { Option, OptionGroup } from "./options";
import { SelectOptions } from "./select-options";

export type FieldSpec =
  | {
      kind: "text" | "email" | "tel" | "url" | "number" | "date" | "time" | "textarea" | "color" | "password";
      name: string;
      label: string;
      defaultValue?: string | number | null;
      required?: boolean;
      hint?: string;
      min?: number;
      max?: number;
      step?: string;
      autoComplete?: string;
      /** Lines of a textarea (3 unless given). */
      rows?: number;
    }
  | {
      kind: "select";
      name: string;
      label: string;
      options: Option[];
      /** Options under group headings (<optgroup>), after `options`. */
      groups?: OptionGroup[];
      /** A search box above a long list that narrows it as one types (the label of that box); the list works without it. */
      searchLabel?: string;
      defaultValue?: string;
      required?: boolean;
      hint?: string;
    }
  | { kind: "checkbox"; name: string; label: string; defaultChecked?: boolean; hint?: string; disabled?: boolean };

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 aria-invalid:border-red-700";

/** The label, hint and error of one control, wired together for assistive technology. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

/** One form control from its spec; `idPrefix` keeps ids unique when a page shows several forms. */
export function Field({ spec, idPrefix, error }: { spec: FieldSpec; idPrefix: string; error?: string }) {
  const id = `${idPrefix}-${spec.name}`;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, spec.hint, error) };
  if (spec.kind === "checkbox") {
    return (
      <div>
        <div className="flex items-center gap-2">
          <input
            id={id}
            name={spec.name}
            type="checkbox"
            defaultChecked={spec.defaultChecked}
            disabled={spec.disabled}
            className="size-4"
            {...aria}
          />
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {spec.label}
          </label>
        </div>
        {spec.hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {spec.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <FieldFrame id={id} label={spec.label} hint={spec.hint} error={error}>
      {spec.kind === "select" && spec.searchLabel ? (
        <SearchableSelect
          id={id}
          name={spec.name}
          options={spec.options}
          groups={spec.groups ?? []}
          defaultValue={spec.defaultValue}
          searchLabel={spec.searchLabel}
          className={inputClass}
          {...aria}
        />
      ) : spec.kind === "select" ? (
        <select
          id={id}
          name={spec.name}
          defaultValue={spec.defaultValue}
          required={spec.required}
          className={inputClass}
          {...aria}
        >
          <SelectOptions options={spec.options} groups={spec.groups} />
        </select>
      ) : spec.kind === "color" ? (
        <ColorField
          id={id}
          name={spec.name}
          defaultValue={spec.defaultValue === null ? null : spec.defaultValue?.toString()}
          className={inputClass}
          {...aria}
        />
      ) : spec.kind === "textarea" ? (
        <textarea
          id={id}
          name={spec.name}
          defaultValue={spec.defaultValue ?? undefined}
          rows={spec.rows ?? 3}
          className={inputClass}
          {...aria}
        />
      ) : (
        <input
          id={id}
          name={spec.name}
          type={spec.kind}
          defaultValue={spec.defaultValue ?? undefined}
          required={spec.required}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          autoComplete={spec.autoComplete}
          inputMode={spec.kind === "number" ? "numeric" : undefined}
          className={inputClass}
          {...aria}
        />
      )}
    </FieldFrame>
  );
}
