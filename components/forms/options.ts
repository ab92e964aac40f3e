/** A choice of a select, and a labelled group of them. */
export type Option = { value: string; label: string };
export type OptionGroup = { label: string; options: Option[] };
