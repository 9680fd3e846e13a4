"use client";
// Replaces the root layout when the layout itself fails, so it brings its own <html>, <body> and styles.
import { ErrorScreen } from "@/components/layout/error-screen";
import "./globals.css";

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body>
        <main id="main">
          <ErrorScreen error={error} onRetry={retry} />
        </main>
      </body>
    </html>
  );
}
