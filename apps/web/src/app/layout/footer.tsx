import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl p-10 sm:footer-horizontal">
        <nav aria-label="Shop">
          <h2 className="footer-title">Shop</h2>
          <Link to="/#parts" className="link-hover link">
            Parts
          </Link>
          <Link to="/blogs" className="link-hover link">
            Blogs
          </Link>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link to="/my-portfolio" className="link-hover link">
            My Portfolio
          </Link>
          <a href="/#contact-heading" className="link-hover link">
            Contact
          </a>
        </nav>
        <div>
          <h2 className="footer-title">Apex Parts</h2>
          <p>Performance parts for sports cars.</p>
          <p>© {new Date().getFullYear()} Apex Parts. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
