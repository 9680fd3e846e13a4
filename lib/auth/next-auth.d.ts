// What this app keeps in next-auth's token and session, beside the standard fields.
import "next-auth";
import "next-auth/jwt";

declare module "next-auth/jwt" {
  interface JWT {
    /** The remember-me choice: false keeps the session cookie to the browser session. */
    remember?: boolean;
  }
}

declare module "next-auth" {
  interface User {
    remember?: boolean;
  }
}
