/** What a membership lets its user do in the account. */
export type Persona = "administrator" | "attendee";
