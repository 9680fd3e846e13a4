// POST /api/signup – create an account from {email, password}; the browser then signs in via next-auth
import { withErrors, parseJson } from "@/lib/api/handler";
import { registerUser } from "@/lib/auth/sign-in";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { localeFromAcceptLanguage } from "@/lib/i18n/accept-language";
import { signUpSchema } from "@/lib/validations/auth";

export const POST = withErrors(async ({ req }) => {
  const input = await parseJson(req, signUpSchema);
  // The account's language (its mail is written in it): the one the client asks for.
  const locale = localeFromAcceptLanguage(req.headers.get("accept-language"));
  const user = await registerUser(input, { ip: clientIp(req.headers, env().TRUSTED_IP_HEADER), locale });
  return Response.json({ user: { email: user.email } }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
