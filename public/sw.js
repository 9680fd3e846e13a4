// Fixwell's service worker (docs/notifications.md). It keeps exactly two pages and their icon: the offline
// page in English and in Dutch, shown when a page cannot be fetched for want of a network. Nothing else is
// ever stored: every other request, signed-in or not, goes to the network untouched, so nothing personal
// is ever kept on the device by this worker. It also shows web pushes and opens their page when tapped.
const CACHE = "fixwell-offline-v1";
const OFFLINE_PAGES = { en: "/offline/en.html", nl: "/offline/nl.html" };
const KEPT = [OFFLINE_PAGES.en, OFFLINE_PAGES.nl, "/icons/icon-192.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(KEPT.map((url) => new Request(url, { cache: "reload", credentials: "omit" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function offlinePageFor(url) {
  const { pathname } = new URL(url);
  return pathname === "/nl" || pathname.startsWith("/nl/") ? OFFLINE_PAGES.nl : OFFLINE_PAGES.en;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (new URL(request.url).origin !== self.location.origin) return;
  if (KEPT.includes(new URL(request.url).pathname)) {
    event.respondWith(caches.match(request.url).then((kept) => kept || fetch(request)));
    return;
  }
  // Only page loads are looked at, and only when the network fails; their answers are never stored.
  if (request.mode !== "navigate") return;
  event.respondWith(
    fetch(request).catch(() => caches.match(offlinePageFor(request.url)).then((page) => page || Response.error())),
  );
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : "Fixwell" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Fixwell";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      // One notification per event on a device: the same tag replaces, never stacks.
      tag: typeof data.tag === "string" ? data.tag : undefined,
      lang: typeof data.lang === "string" ? data.lang : undefined,
      data: { url: typeof data.url === "string" ? data.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : "/", self.location.origin);
  // Only the site's own pages are opened.
  const url = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
