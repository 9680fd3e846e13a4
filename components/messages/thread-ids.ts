// The element ids a thread page's server parts give and its client parts look up (./thread-view.tsx,
// ./thread-announcer.tsx): plain values, usable on both sides.

/** The composer's element, which a message scrolled into view must not end up behind. */
export const COMPOSER_ID = "thread-composer";
export const messageElementId = (id: string) => `message-${id}`;
export const messageBodyId = (id: string) => `message-${id}-body`;
