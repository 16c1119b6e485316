import { useState } from 'react';

import { errorMessage } from '@/lib/api';

import { signInWithGooglePopup } from '../api/google-popup';
import { redirectToGoogle, useSignInOptions } from '../api/sign-in';

interface GoogleSignInProps {
  /** Where to land after a redirect-based sign-in. */
  returnTo: string;
  onSignedIn: () => Promise<void>;
  onError: (message: string) => void;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c1-2.8 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

/** "Continue with Google": a popup where allowed, a full-page redirect where popups are blocked. */
export function GoogleSignIn({ returnTo, onSignedIn, onError }: GoogleSignInProps) {
  const options = useSignInOptions();
  const [busy, setBusy] = useState(false);
  const available = options.data?.google === true;

  const start = async () => {
    setBusy(true);
    try {
      const outcome = await signInWithGooglePopup();
      if (outcome === 'blocked') {
        await redirectToGoogle(returnTo);
        return;
      }
      if (outcome === 'signed-in') await onSignedIn();
      else if (outcome !== 'closed') onError(outcome.error);
    } catch (error) {
      onError(errorMessage(error, 'Google sign-in failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="btn w-full btn-outline"
        disabled={!available || busy}
        aria-describedby={available ? undefined : 'google-unavailable'}
        onClick={() => void start()}
      >
        <GoogleMark />
        Continue with Google
      </button>
      {options.data && !available && (
        <p id="google-unavailable" className="text-center text-sm text-base-content/70">
          Google sign-in is not set up for this shop.
        </p>
      )}
    </div>
  );
}
