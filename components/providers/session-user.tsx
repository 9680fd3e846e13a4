"use client";
// The signed-in user, handed down by the (account) layout that checked the session on the server, so
// client components know whose requests to ask for. The API still decides identity from the cookie.
import { createContext, useContext } from "react";

export type SignedInUser = { id: string; email: string };

const SessionUserContext = createContext<SignedInUser | null>(null);

export function SessionUserProvider({ user, children }: { user: SignedInUser; children: React.ReactNode }) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

export function useSessionUser(): SignedInUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error("useSessionUser must be used inside the signed-in pages' layout.");
  return user;
}
