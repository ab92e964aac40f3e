/**
 * An amount typed in kroner the Danish way ("200", "200,50", "1.200,50"; a point as the decimal mark
 * is read too: "200.50") as minor units (øre): undefined when blank, and the raw text when it is no
 * such amount, so the schema answers it as a field error.
 */
export function readKroner(formData: FormData, name: string): number | undefined | string {
  const raw = formData.get(name);
  const text = typeof raw === "string" ? raw.trim().replace(/\s/g, "") : "";
  if (text === "") return undefined;
  const danish = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.exec(text);
  const pointed = /^-?\d+\.\d{1,2}$/.test(text);
  if (!danish && !pointed) return text;
  const normal = pointed && !danish ? text : text.replace(/\./g, "").replace(",", ".");
  return Math.round(Number(normal) * 100);
}
