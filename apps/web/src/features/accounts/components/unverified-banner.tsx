import { ResendVerification } from './resend-verification';

/** What an unverified customer reads on every page (verify-email-banner.tsx decides when). */
export default function UnverifiedBanner({ email }: { email: string }) {
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
          We sent a link to {email}: open it to confirm the address is yours. You can shop
          meanwhile.
        </p>
        <ResendVerification email={email} label="Resend" />
      </div>
    </section>
  );
}
