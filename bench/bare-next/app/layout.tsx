export const metadata = { title: "Bare Next.js", description: "The reference app of npm run bench." };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
