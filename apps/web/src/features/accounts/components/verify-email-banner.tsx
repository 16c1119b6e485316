import { useSession } from '@/lib/session';

import { ResendVerification } from './resend-verification';

/**
 * On every page, for a signed-in customer whose address is not verified yet: what to do, and a
 * way to get a new link. Nothing waits for it: browsing and ordering work meanwhile.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  if (!user || user.emailVerified) return null;
  return (
    <section
      aria-labelledby="verify-email-banner-title"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3">
        <h2 id="verify-email-banner-title" className="font-semibold">
          Your email address is not verified
        </h2>
        <p className="text-sm">
          We sent a link to {user.email}: open it to confirm the address is yours. You can shop
          meanwhile.
        </p>
        <ResendVerification email={user.email} label="Resend" />
      </div>
    </section>
  );
}
