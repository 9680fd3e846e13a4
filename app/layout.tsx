import type { Metadata, Viewport } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteHeader } from "@/components/layout/site-header";
import { AuthNav } from "@/components/auth/auth-nav";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Fixwell – affordable, reliable home repairs", template: "%s – Fixwell" },
  description: "Find a trusted handyman for painting, electrical and plumbing jobs in Amsterdam, The Hague and Rotterdam.",
  icons: { icon: { url: "/logo.svg", type: "image/svg+xml" } },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0b6e4f" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader authSlot={<AuthNav />} />
        <main id="main">{children}</main>
        <SiteFooter />
        <ScrollToTop />
      </body>
    </html>
  );
}
