// The answer to a notFound() outside any language's layout (an address whose first segment looks like a
// file but is none). Addresses no route matches get app/global-not-found.tsx.
import Link from "next/link";
import "./globals.css";

export default function RootNotFound() {
  return (
    <html lang="en">
      <body>
        <main id="main" className="container">
          <h1>Page not found</h1>
          <p>
            <Link href="/">Go to the Fixwell home page</Link> ·{" "}
            <Link href="/nl" lang="nl">
              Naar de startpagina van Fixwell
            </Link>
          </p>
        </main>
      </body>
    </html>
  );
}
