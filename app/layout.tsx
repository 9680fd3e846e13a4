// Every page has its language's root layout in app/[locale]/layout.tsx, which renders <html lang>.
// This one holds what every page shares (the viewport) and exists for app/not-found.tsx (a notFound()
// outside any language; addresses no route matches get app/global-not-found.tsx).
import { SITE_VIEWPORT } from "@/lib/site/viewport";

export const viewport = SITE_VIEWPORT;

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
