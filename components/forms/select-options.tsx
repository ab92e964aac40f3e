import type { Option, OptionGroup } from "./options";

/** The <option>s of a select: loose options first, then each group as an <optgroup>. */
export function SelectOptions({ options, groups = [] }: { options: Option[]; groups?: OptionGroup[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
