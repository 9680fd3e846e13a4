export default function HomePage() {
  return (
    <div className="container">
      <h1>Affordable, reliable home repairs</h1>
      <p>Fixwell matches homeowners in Amsterdam, The Hague and Rotterdam with a trusted handyman.</p>
    </div>
  );
}
