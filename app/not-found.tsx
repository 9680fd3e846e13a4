import type { Metadata } from "next";
import styles from "@/components/marketing/marketing.module.css";
import { LinkButton } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Page not found",
  description: "The page you were looking for does not exist on Fixwell.",
};

export default function NotFound() {
  return (
    <div className={`container ${styles.body}`}>
      <div className={styles.prose}>
        <p className={styles.eyebrow}>Error 404</p>
        <h1>Page not found</h1>
        <p>
          We could not find the page you were looking for. It may have moved, or the address may have a typing
          mistake in it.
        </p>
        <div className={styles.actions}>
          <LinkButton href="/">Go to the home page</LinkButton>
          <LinkButton href="/customer-help" variant="secondary">
            Get help
          </LinkButton>
        </div>
      </div>
    </div>
  );
}
