// Every page has its language's root layout in app/[locale]/layout.tsx, which renders <html lang>.
// This one only exists for app/not-found.tsx (addresses outside any language, such as a missing asset).
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
