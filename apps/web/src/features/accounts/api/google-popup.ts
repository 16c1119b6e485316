// Google sign-in in a 500×600 popup (requirements §9). The popup runs the whole OAuth round trip on
// our origin; Better Auth's completion page then posts the outcome back here and closes itself.

const MESSAGE_TYPE = 'better-auth:oauth-popup';
const WIDTH = 500;
const HEIGHT = 600;

export type PopupOutcome = 'signed-in' | 'blocked' | 'closed' | { error: string };

function randomNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

interface PopupMessage {
  type?: string;
  nonce?: string;
  token?: string;
  error?: { code: string; description?: string };
}

/** Must run inside the click handler, or the browser blocks the popup. */
export function signInWithGooglePopup(): Promise<PopupOutcome> {
  const nonce = randomNonce();
  const start = new URL('/api/auth/oauth-popup/start', window.location.origin);
  start.searchParams.set('provider', 'google');
  start.searchParams.set('popupOrigin', window.location.origin);
  start.searchParams.set('popupNonce', nonce);
  const left = window.screenX + (window.outerWidth - WIDTH) / 2;
  const top = window.screenY + (window.outerHeight - HEIGHT) / 2;
  const popup = window.open(
    start.toString(),
    'apex-google-sign-in',
    `width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) return Promise.resolve('blocked');

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PopupOutcome) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      clearInterval(closedPoll);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent<PopupMessage>) => {
      if (event.origin !== window.location.origin) return;
      if (event.data.type !== MESSAGE_TYPE || event.data.nonce !== nonce) return;
      if (event.data.error) {
        finish({ error: event.data.error.description ?? event.data.error.code });
      } else if (event.data.token) {
        finish('signed-in');
      }
    };
    // The completion page posts its message and closes at once; the message can arrive after we
    // see the window closed, so a closed popup gets a moment before it counts as cancelled.
    const closedPoll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(closedPoll);
      setTimeout(() => finish('closed'), 1500);
    }, 500);
    window.addEventListener('message', onMessage);
  });
}
