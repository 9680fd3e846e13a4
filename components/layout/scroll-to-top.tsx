"use client";
// Every navigation to a new page starts at the top. Next.js keeps the scroll position when the new
// page's top is already in view (e.g. from a footer link on a short page); this resets it. Links to an
// anchor (/#testimonials) and the browser's back and forward buttons keep their own scroll handling.
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

export function ScrollToTop() {
  const pathname = usePathname();
  const previousPathname = useRef(pathname);
  const cameFromHistory = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      cameFromHistory.current = true;
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const fromHistory = cameFromHistory.current;
    cameFromHistory.current = false;
    if (fromHistory || window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);

  return null;
}
