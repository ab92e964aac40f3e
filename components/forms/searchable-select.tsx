"use client";

import { useTranslations } from "next-intl";
import { useId, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import type { Option, OptionGroup } from "./options";
import { SelectOptions } from "./select-options";

type Props = {
  id: string;
  name: string;
  options: Option[];
  groups: OptionGroup[];
  defaultValue?: string;
  searchLabel: string;
  className: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/** Lower case, no accents, underscores as spaces: "São_Paulo" and "sao paulo" meet. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/_/g, " ")
    .toLowerCase();
}

/** The options (ungrouped and grouped) whose label, value or group holds every word of the query. */
function narrow(query: string, options: Option[], groups: OptionGroup[]) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matches = (option: Option, group = "") =>
    words.every((word) => fold(`${option.label} ${option.value} ${group}`).includes(word));
  const shownOptions = options.filter((option) => matches(option));
  const shownGroups = groups
    .map((group) => ({ ...group, options: group.options.filter((option) => matches(option, group.label)) }))
    .filter((group) => group.options.length > 0);
  const all = [...shownOptions, ...shownGroups.flatMap((group) => group.options)];
  return { searching: words.length > 0, options: shownOptions, groups: shownGroups, all };
}

const subscribeToNothing = () => () => {};

/**
 * A native <select> (grouped with <optgroup>) that works without JavaScript, and with it a search box
 * above that narrows the list to the options whose label, value or group holds every word typed.
 * When the words hide the chosen option the first match is chosen, so "tokyo" then Tab is a choice;
 * Enter in the box moves to the list instead of submitting the form; the number of matches is announced.
 */
export function SearchableSelect({ id, name, options, groups, defaultValue, searchLabel, className, ...aria }: Props) {
  const t = useTranslations("SearchableSelect");
  const statusId = useId();
  // The search box is of use only where this script runs: the server's HTML is the plain list.
  const enhanced = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [query, setQuery] = useState("");
  const [value, setValue] = useState(defaultValue ?? options[0]?.value ?? groups[0]?.options[0]?.value ?? "");
  const shown = narrow(query, options, groups);

  function search(next: string) {
    setQuery(next);
    const { all } = narrow(next, options, groups);
    if (all.length > 0 && !all.some((option) => option.value === value)) setValue(all[0]!.value);
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      document.getElementById(id)?.focus();
    }
  }

  // With no match the list keeps every option, so the chosen one is never lost.
  const listed = shown.all.length > 0 ? shown : { options, groups };
  return (
    <>
      {enhanced && (
        <input
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onSearchKeyDown}
          aria-label={searchLabel}
          placeholder={searchLabel}
          aria-controls={id}
          aria-describedby={statusId}
          autoComplete="off"
          spellCheck={false}
          className={`${className} placeholder:text-slate-500`}
        />
      )}
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className={className}
        {...aria}
      >
        <SelectOptions options={listed.options} groups={listed.groups} />
      </select>
      <p id={statusId} aria-live="polite" className="mt-1 text-xs text-slate-600 empty:hidden">
        {shown.searching ? (shown.all.length === 0 ? t("noMatches") : t("matches", { count: shown.all.length })) : ""}
      </p>
    </>
  );
}
