// The same page under its English path: the site picks the language, not the path.
export { default, dynamic, generateMetadata } from "../vilkaar/page";
