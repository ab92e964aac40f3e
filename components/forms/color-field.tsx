"use client";

import { useState } from "react";

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * A text box for a `#rrggbb` colour with a swatch beside it that shows the colour as it is typed
 * (an SVG fill: the pages' policy refuses style attributes); an empty box shows an empty swatch.
 */
export function ColorField({
  id,
  name,
  defaultValue,
  className,
  ...aria
}: {
  id: string;
  name: string;
  defaultValue?: string | null;
  className: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const [value, setValue] = useState(defaultValue ?? "");
  const color = COLOR.test(value.trim()) ? value.trim() : undefined;
  return (
    <div className="flex items-end gap-3">
      <input
        id={id}
        name={name}
        type="text"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={7}
        className={`${className} max-w-40 font-mono`}
        {...aria}
      />
      <svg aria-hidden="true" focusable="false" viewBox="0 0 40 40" className="mb-0.5 size-10 shrink-0">
        <rect
          x="0.5"
          y="0.5"
          width="39"
          height="39"
          rx="6"
          fill={color ?? "none"}
          className={color ? "stroke-slate-400" : "fill-white stroke-slate-400 [stroke-dasharray:4_3]"}
        />
      </svg>
    </div>
  );
}
