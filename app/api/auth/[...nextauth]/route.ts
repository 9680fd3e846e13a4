// GET|POST /api/auth/* – next-auth: CSRF token, session, sign-in with email and password, sign-out
import { handleAuthGet, handleAuthPost } from "@/lib/auth/next-auth";

export const GET = handleAuthGet;
export const POST = handleAuthPost;
