/** A person of the demo studio, as the fixture names them. */
export type DemoPerson = {
  key: string;
  email: string;
  displayName: string;
  /** YYYY-MM-DD, for age-restricted prices. */
  dateOfBirth: string | null;
};
