// GET|POST /api/auth/* – next-auth: CSRF token, session, sign-in with email and password, sign-out
import { handleAuthGet, handleAuthPost } from "@/lib/auth/route-handler";

export const GET = handleAuthGet;
export const POST = handleAuthPost;
