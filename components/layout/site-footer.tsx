/** The site's footer. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>This site is for learning purposes only.</p>
      </div>
    </footer>
  );
}
