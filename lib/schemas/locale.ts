import { LOCALES } from "@/lib/i18n/locales";
import { z } from "./zod";

export const LocaleSchema = z.enum(LOCALES).openapi("Locale", {
  description: "A language the product speaks: da (Danish) or en (English)",
});
