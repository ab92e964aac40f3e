/**
 * What a membership lets its user do in the account: `administrator` everything, `teacher` the
 * bookings of the classes they teach (lib/auth/instance-permission.ts), `attendee` their own.
 */
export const PERSONAS = ["administrator", "teacher", "attendee"] as const;

export type Persona = (typeof PERSONAS)[number];
