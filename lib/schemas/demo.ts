import { Id, text } from "./common";
import { PersonaSchema } from "./user";
import { z } from "./zod";

/** POST /demo-auth/session. An unknown persona is a 404 (decisions §2), so any string passes here. */
export const DemoLoginInput = z
  .strictObject({
    persona: text().min(1).max(100).openapi({
      description: "`administrator`, `teacher` or `attendee`; anything else answers 404",
      example: "attendee",
    }),
    userId: Id.optional().openapi({
      description:
        "For `attendee`: one of GET /demo-auth/users; for `teacher`: one of GET /demo-auth/users?persona=teacher; without it the persona's first",
    }),
  })
  .openapi("DemoLoginInput");

/** GET /demo-auth/users: whose choice of people to list. */
export const DemoUsersQuery = z.object({
  persona: z.enum(["attendee", "teacher"]).default("attendee").openapi({
    description: "`attendee` (default): the selectable demo attendees; `teacher`: the selectable demo teachers",
  }),
});

export const DemoLoginSchema = z
  .object({
    persona: PersonaSchema,
    userId: z.string().openapi({ example: "3f1c2b8e-6d1a-4c51-9d0e-2b7f3c9a1e55" }),
  })
  .openapi("DemoLogin");

export const ConfigSchema = z.object({ demoEnabled: z.boolean().openapi({ example: true }) }).openapi("Config");

export type DemoLoginDto = z.infer<typeof DemoLoginSchema>;
export type ConfigDto = z.infer<typeof ConfigSchema>;

/** Path of the public account endpoints (kept here with Config: the System area's inputs). */
export const SlugParams = z.object({ slug: text().min(1).max(200).openapi({ example: "demo" }) });
