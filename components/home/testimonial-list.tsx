"use client";
// The testimonials in a fresh random order each time the list is mounted. The server (and the first,
// hydrating render) use the order of the data, so the markup matches; the shuffled order follows
// right after hydration. On a client-side navigation back to the home page the list mounts already
// shuffled. The portraits come as ready <img> attributes from the server (next/image's, through
// getImageProps), so the page carries no script of next/image's.
import { useState, useSyncExternalStore } from "react";
import type { Testimonial } from "@/lib/content/testimonials";
import { shuffled } from "./shuffle";
import styles from "./home.module.css";

/** A testimonial with its portrait's <img> attributes. */
export type TestimonialItem = Testimonial & { portrait: React.ComponentProps<"img"> };

function createOrderStore(items: TestimonialItem[]) {
  let order: TestimonialItem[] | undefined;
  return {
    subscribe: () => () => {},
    getSnapshot: () => (order ??= shuffled(items)),
    getServerSnapshot: () => items,
  };
}

export function TestimonialList({ items }: { items: TestimonialItem[] }) {
  const [store] = useState(() => createOrderStore(items));
  const order = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);

  return (
    <ul className={styles.testimonialList} data-order={order === items ? "original" : "shuffled"}>
      {order.map((item) => {
        return (
          <li key={item.id} className={styles.testimonial} data-testid="testimonial">
            <figure>
              <span className={styles.stars} role="img" aria-label={item.ratingLabel}>
                {item.rating}
              </span>
              <blockquote className={styles.quote}>
                <p>{item.testimonial}</p>
              </blockquote>
              <figcaption className={styles.author}>
                {/* eslint-disable-next-line @next/next/no-img-element -- next/image's attributes, made on the server */}
                <img {...item.portrait} alt="" />
                <span>
                  <span className={styles.authorName}>{item.name}</span>
                  <span className={styles.authorMeta}>
                    {item.city} · {item.serviceLabel}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
