// The answer for an address that no page of either language handles (the proxy sends every page
// address to a language, so this is rare: a missing file under /_next, for example).
import Link from "next/link";
import "./globals.css";

export default function GlobalNotFound() {
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
