// use-intl's core, not next-intl's root: under the react-server condition (scripts/serve.mjs, the jobs
// it imports) that root also loads the client provider, which needs React's client hooks
import { _createCache, _createIntlFormatters, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { messagesOf, type Messages } from "./messages";
import type { Locale } from "./locales";

// One cache of compiled messages and Intl formatters for the process, as next-intl keeps for pages:
// without it every call compiles its message again (an email's render spent a fifth of its CPU there).
const cache = _createCache();
const formatters = _createIntlFormatters(cache);

/**
 * A translator of one namespace outside a page (API answers, emails), for a language chosen by the
 * caller. Called with a literal namespace, like useTranslations, so messages.test.ts sees its keys.
 */
export function translatorFor<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  locale: Locale,
  namespace: Namespace,
) {
  return createTranslator({ locale, messages: messagesOf(locale), namespace, _cache: cache, _formatters: formatters });
}

/**
 * A translator of one namespace handed to a function (from translatorFor, getTranslations or
 * useTranslations); messages.test.ts reads the keys it is called with, as for the others.
 */
export type Translator<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>> = ReturnType<
  typeof translatorFor<Namespace>
>;
