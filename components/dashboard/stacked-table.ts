// A table that is a table from the md breakpoint and a stack of labelled rows on a phone: each
// cell carries its column's name in `data-label`, shown before it while the header row is hidden.
export const stacked = {
  table: "w-full text-left text-sm",
  head: "hidden bg-slate-100 text-slate-800 md:table-header-group",
  th: "px-3 py-2 font-medium",
  body: "divide-y divide-slate-200",
  row: "block px-3 py-3 md:table-row md:p-0",
  /** The row's title on a phone (e.g. the person's name): no label before it. */
  lead: "block pb-1 md:table-cell md:px-3 md:py-2",
  cell: "flex gap-2 py-0.5 md:table-cell md:px-3 md:py-2 before:w-32 before:shrink-0 before:text-slate-600 before:content-[attr(data-label)] md:before:content-none",
} as const;
