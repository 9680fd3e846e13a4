"use client";
// The testimonials in a fresh random order each time the list is mounted. The server (and the first,
// hydrating render) use the order of the data, so the markup matches; the shuffled order follows
// right after hydration. On a client-side navigation back to the home page the list mounts already
// shuffled.
import Image from "next/image";
import { useState, useSyncExternalStore } from "react";
import type { Testimonial } from "@/lib/content/testimonials";
import { shuffled } from "./shuffle";
import styles from "./home.module.css";

function createOrderStore(items: Testimonial[]) {
  let order: Testimonial[] | undefined;
  return {
    subscribe: () => () => {},
    getSnapshot: () => (order ??= shuffled(items)),
    getServerSnapshot: () => items,
  };
}

export function TestimonialList({ items }: { items: Testimonial[] }) {
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
                <Image src={item.image} alt="" width={56} height={56} className={styles.authorImage} />
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
