import Link from "next/link";

/** The site's header: logo link home, plus the sign-in/out area supplied by the accounts feature. */
export function SiteHeader({ authSlot }: { authSlot?: React.ReactNode }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-header__logo">
          Fixwell
        </Link>
        <nav aria-label="Account">{authSlot}</nav>
      </div>
    </header>
  );
}
