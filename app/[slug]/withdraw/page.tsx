// `/<slug>/withdraw`: the withdrawal page under its English path, the same page as `/<slug>/fortryd`.
export { default, generateMetadata } from "../fortryd/page";

export const dynamic = "force-dynamic";
