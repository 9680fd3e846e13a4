// Who may use the handyman's /api/pro routes: signed-in users whose role in the database is "handyman" and
// who have a handyman profile. Everyone else — signed out, homeowners, operators — gets the API's 404 for
// every method, as for an address that does not exist (lib/api/hidden-route.ts).
import "server-only";
import { hiddenRoute } from "../api/hidden-route";
import { getUserFromRequest } from "../auth/current-user";
import { findHandymanForUser } from "./queries";

/** The builder every /api/pro route file exports its methods through; handlers get the handyman's `user`. */
export const handymanRoute = hiddenRoute(async (req: Request) => {
  const user = await getUserFromRequest(req);
  return user && (await findHandymanForUser(user)) ? { user } : null;
});
