import { useDocumentTitle } from '@/lib/use-document-title';

import { blogPosts } from '../data/blogs';

export default function BlogsPage() {
  useDocumentTitle('Blogs');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">Blogs</h1>
      <p className="mt-2 text-base-content/80">
        Questions we are often asked about building web shops like this one, answered.
      </p>
      <ul className="mt-8 flex flex-col gap-6">
        {blogPosts.map((post) => (
          <li key={post.id}>
            <article aria-labelledby={post.id} className="card bg-base-100 shadow-md">
              <div className="card-body">
                <h2 id={post.id} className="card-title text-xl">
                  {post.question}
                </h2>
                {post.answer.map((paragraph, i) => (
                  <p key={i} className="text-base-content/90">
                    {paragraph}
                  </p>
                ))}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
