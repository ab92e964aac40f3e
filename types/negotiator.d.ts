// negotiator 1.x ships no types (and @types/negotiator is not installed): the part we call.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` by the request's Accept-Language (q-values, prefixes, `*`), or undefined. */
    language(available?: readonly string[]): string | undefined;
    languages(available?: readonly string[]): string[];
  }
}
