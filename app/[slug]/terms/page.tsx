// The same page under its English path: the site picks the language, not the path.
export { default, generateMetadata } from "../vilkaar/page";

export const dynamic = "force-dynamic";
