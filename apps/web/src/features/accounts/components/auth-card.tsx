import type { ReactNode } from 'react';

/** The frame of the login and signup pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12">
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

/** An identity error (wrong password, taken email, …) in red, read out when it appears. */
export function AuthError({ message }: { message: string | null }) {
  return (
    <p role="alert" className="min-h-5 text-sm text-red-700">
      {message}
    </p>
  );
}
