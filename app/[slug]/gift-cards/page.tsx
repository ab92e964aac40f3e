// `/<slug>/gift-cards`: the gift card page under its English path, the same page as `/<slug>/gavekort`.
export { default, generateMetadata } from "../gavekort/page";

export const dynamic = "force-dynamic";
