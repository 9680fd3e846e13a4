"use client";
// Registers the service worker (public/sw.js: the offline page and web pushes) once the page has loaded.
// It asks for nothing: permission for notifications is asked only when a person presses "Turn on" on /account.
import { useEffect } from "react";

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without a worker the site works as before; only the offline page and pushes are missing.
    });
  }, []);
  return null;
}
