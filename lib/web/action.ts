import "server-only";
import { notFound, redirect } from "next/navigation";
import type { z } from "zod";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { readText } from "@/components/forms/form-data";
import { AppError, type ErrorCode } from "@/lib/errors";
import { SlugParams } from "@/lib/schemas/demo";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import type { FormState, StudioState } from "./form-state";
import { requireAdministrator, requireClassManager, requireStaff } from "./require-administrator";
import { runAction } from "./run-action";
import { studioMember } from "./studio-member";

/**
 * Who may run an action:
 * - `administrator`: the active account's administrator (a teacher is sent home, anybody else gets not-found);
 * - `staff`: an administrator or a teacher; which classes a teacher may act on is the domain's question;
 * - `classManager`: staff who manage the class named by the form's `instanceId` (a teacher of another class is sent home);
 * - `member`: the person signed in to the studio named by the form's `slug` (studioMember); anybody
 *   else is answered "Authentication required" in the form;
 * - `visitor`: anybody on the studio's site (signing out): `viewer` is its member, or undefined.
 */
export type ActionAuth = "administrator" | "staff" | "classManager" | "member" | "visitor";

/** The levels of the studio's own site, whose actions are `studioAction`s. */
export type StudioAuth = "member" | "visitor";

/** Reads one form field into the plain value the schema expects (components/forms/form-data.ts). */
export type FieldReader = (formData: FormData, name: string) => unknown;

/** The body's shape, each leaf the reader of the input named by its path (`bookingPolicy.opensDaysBefore`). */
export type FormFields = { [key: string]: FieldReader | FormFields };

type Paths = string | string[];
type ClassOf = Awaited<ReturnType<typeof requireClassManager>>["instance"];

export type ActionConfig<A extends ActionAuth, K extends string, S extends z.ZodType | undefined> = {
  auth: A;
  /** Hidden inputs naming what the action acts on: each must be an id, else the whole form fails. */
  ids?: readonly K[];
  /** The body read from the form and parsed with `schema` (the API's body schema, so its messages and paths). */
  input?: { schema: S; fields: FormFields | ((formData: FormData) => unknown) };
  /** What to refresh after a success; a function reads it from the form as sent. */
  revalidate: Paths | ((formData: FormData) => Paths);
  scope?: "page" | "layout";
  /**
   * A form without state of its own (the page says what happened through its address): where a
   * refusal (an AppError, signed out included) goes instead of being answered in the form.
   */
  otherwise?: string | ((formData: FormData) => string);
};

export type ActionArgs<A extends ActionAuth, K extends string, S extends z.ZodType | undefined> = {
  viewer: A extends "visitor" ? PersonAuth | undefined : PersonAuth;
  ids: Record<K, string>;
  input: S extends z.ZodType ? z.infer<S> : undefined;
  formData: FormData;
} & (A extends "classManager" ? { instance: ClassOf } : unknown) &
  (A extends StudioAuth ? { /** The studio's slug, as the page named it. */ slug: string } : unknown);

/** A handler's answer beyond a message: where to go after a success, and more fields of the state (a secret). */
export type ActionDone = { message?: string; redirectTo?: string; [field: string]: unknown };

/**
 * A refusal that says more than its code's message (a child's missing pass, with where to buy one):
 * the handler throws it; the form's state is its own words and fields, beside its code.
 */
export class ActionRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly state: { error: string; [field: string]: unknown },
  ) {
    super(state.error);
    this.name = "ActionRefusal";
  }
}

type Extra<R> = R extends ActionDone ? Partial<Omit<R, "message" | "redirectTo">> : unknown;

/**
 * Wraps one server action, as `route()` wraps an endpoint: authorizes, reads and parses the form
 * (ids, then the body), runs the handler, maps every error into the form's state in the page's
 * language (runAction) and revalidates after a success. The handler answers a confirmation
 * message, or an ActionDone; `redirectTo` is followed after revalidating.
 */
export function action<
  A extends ActionAuth,
  R extends string | void | ActionDone,
  K extends string = never,
  S extends z.ZodType | undefined = undefined,
>(
  config: ActionConfig<A, K, S>,
  handler: (args: ActionArgs<A, K, S>) => Promise<R>,
): (formData?: FormData) => Promise<FormState & Extra<R>> {
  return async (formData = new FormData()) => {
    const { state } = await run(config, handler, formData);
    return state as FormState & Extra<R>;
  };
}

/** What a studio page's control sends: its form's FormData, or the same fields as a plain object (a button's). */
export type Sent = FormData | { [field: string]: unknown };

/**
 * `action()` for the studio's own site: the page binds the studio's `slug` (the level's studio) and
 * the control sends the rest, a form's FormData or a plain object of the same fields (nested ones
 * named by their path, `guest.displayName`), read and parsed as a dashboard form is. A refusal
 * keeps its code beside the message.
 */
export function studioAction<
  A extends StudioAuth,
  R extends string | void | ActionDone,
  K extends string = never,
  S extends z.ZodType | undefined = undefined,
>(
  config: ActionConfig<A, K, S>,
  handler: (args: ActionArgs<A, K, S>) => Promise<R>,
): (slug: string, sent?: Sent) => Promise<StudioState & Extra<R>> {
  return async (slug, sent) => {
    const formData = sent instanceof FormData ? sent : formOf(sent ?? {});
    formData.set("slug", slug);
    const { state, code } = await run(config, handler, formData);
    return (code ? { ...state, code } : state) as StudioState & Extra<R>;
  };
}

/**
 * A studio action of a form without state of its own (a server-rendered `<form action>`): it answers
 * nothing, the page says what happened through the address it goes to (`redirectTo`, `otherwise`).
 */
export function studioFormAction<
  A extends StudioAuth,
  R extends void | ActionDone,
  K extends string = never,
  S extends z.ZodType | undefined = undefined,
>(
  config: ActionConfig<A, K, S>,
  handler: (args: ActionArgs<A, K, S>) => Promise<R>,
): (slug: string, sent?: Sent) => Promise<void> {
  const act = studioAction(config, handler);
  return async (slug, sent) => {
    await act(slug, sent);
  };
}

/** Authorizes, reads, runs the handler and revalidates; a success's redirect is followed here. */
async function run<
  A extends ActionAuth,
  R extends string | void | ActionDone,
  K extends string,
  S extends z.ZodType | undefined,
>(
  config: ActionConfig<A, K, S>,
  handler: (args: ActionArgs<A, K, S>) => Promise<R>,
  formData: FormData,
): Promise<{ state: FormState; code?: ErrorCode }> {
  const authorized = await authorize(config.auth, formData);
  let done: ActionDone = {};
  let code: ErrorCode | undefined;
  let refusal: ActionRefusal | undefined;
  const state = await runAction(
    async () => {
      try {
        const viewer = authorized.viewer ?? (config.auth === "visitor" ? undefined : signedOut());
        const args = {
          ...authorized,
          viewer,
          formData,
          ids: readIds(formData, config.ids),
          input: readInput(formData, config.input),
        };
        const answer = await handler(args as ActionArgs<A, K, S>);
        done = typeof answer === "object" ? answer : { message: answer as string | undefined };
        return done.message;
      } catch (error) {
        if (error instanceof ActionRefusal) {
          refusal = error;
          code = error.code;
          throw new AppError(error.code);
        }
        if (error instanceof AppError) code = error.code;
        throw error;
      }
    },
    {
      revalidate: typeof config.revalidate === "function" ? config.revalidate(formData) : config.revalidate,
      scope: config.scope,
    },
  );
  if (!state.ok) {
    if (code && config.otherwise)
      redirect(typeof config.otherwise === "function" ? config.otherwise(formData) : config.otherwise);
    return { state: refusal ? { ...state, ...refusal.state } : state, code };
  }
  const { message: _message, redirectTo, ...extra } = done;
  if (redirectTo) redirect(redirectTo);
  return { state: { ...state, ...extra } };
}

/**
 * A plain object's fields as a form's: nested ones by their path, a list as a repeated field, true
 * as "true"; undefined and null are left out.
 */
function formOf(sent: { [field: string]: unknown }, formData = new FormData(), prefix = ""): FormData {
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const one of value) formData.append(`${prefix}${key}`, String(one));
    else if (typeof value === "object") formOf(value as { [field: string]: unknown }, formData, `${prefix}${key}.`);
    else formData.append(`${prefix}${key}`, String(value));
  }
  return formData;
}

/**
 * The staff levels check before the action runs: their refusals are navigations (not-found, back
 * home), which must not be caught as a failed action. A member's refusal is an answer in the form.
 */
async function authorize(auth: ActionAuth, formData: FormData) {
  switch (auth) {
    case "administrator":
      return { viewer: await requireAdministrator() };
    case "staff":
      return { viewer: await requireStaff() };
    case "classManager": {
      const instanceId = Id.safeParse(readText(formData, "instanceId"));
      if (!instanceId.success) notFound();
      return requireClassManager(instanceId.data);
    }
    case "member":
    case "visitor": {
      // a slug that is none finds nobody (the studio's page answered not-found already)
      const slug = SlugParams.safeParse({ slug: readText(formData, "slug") });
      return { viewer: await studioMember(slug.data?.slug), slug: slug.data?.slug ?? "" };
    }
  }
}

function signedOut(): never {
  throw new AppError("authentication_required");
}

function readIds<K extends string>(formData: FormData, names: readonly K[] = []): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, parseWith(Id, readText(formData, name))])) as Record<K, string>;
}

function readInput(formData: FormData, input: ActionConfig<ActionAuth, string, z.ZodType | undefined>["input"]) {
  if (!input?.schema) return undefined;
  const body = typeof input.fields === "function" ? input.fields(formData) : readFields(formData, input.fields);
  return parseWith(input.schema, body);
}

/** A body of one value: the field `name` (a button's `status`), whose errors are the whole form's. */
export function formField(name: string, reader: FieldReader = readText): (formData: FormData) => unknown {
  return (formData) => reader(formData, name);
}

/** The body named by `fields`; an absent or blank field is left out, so a strict schema sees only what was filled in. */
function readFields(formData: FormData, fields: FormFields, prefix = ""): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, reader] of Object.entries(fields)) {
    const value =
      typeof reader === "function"
        ? reader(formData, `${prefix}${key}`)
        : readFields(formData, reader, `${prefix}${key}.`);
    if (value !== undefined) body[key] = value;
  }
  return body;
}
