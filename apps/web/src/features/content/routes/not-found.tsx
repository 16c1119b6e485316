import { Link } from 'react-router';

import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Things u r searching for is not found.</h1>
      <p className="text-base-content/80">The page may have moved, or the address has a typo.</p>
      <Link to="/" className="btn btn-primary">
        Back to the home page
      </Link>
    </div>
  );
}
