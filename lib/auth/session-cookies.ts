/** The cookies that carry a session token: the web UI's sign-in and the demo's (decisions §2). */
export const SESSION_COOKIE = "session";
export const DEMO_SESSION_COOKIE = "demo_session";
