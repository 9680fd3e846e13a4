// A static page prerendered at build time, of about the size of the project's home page HTML (the
// bench prints both sizes). Plain markup: no fonts, images, client components or data.
const SECTIONS = 48;

const paragraph =
  "Book a vetted painter, electrician, plumber or cleaner with a fair hourly price shown before you choose. " +
  "Describe the job, pick what matters most and see the one professional who fits, available this week.";

export default function Page() {
  return (
    <main>
      <h1>Affordable, reliable home repairs</h1>
      {Array.from({ length: SECTIONS }, (_, index) => (
        <section key={index}>
          <h2>Service {index + 1}</h2>
          <p>{paragraph}</p>
        </section>
      ))}
    </main>
  );
}
