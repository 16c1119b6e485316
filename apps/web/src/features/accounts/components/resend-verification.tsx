import { useSendVerificationLink } from '../api/email-verification';
import { limitedMessage } from '../limited-message';

/**
 * A button that mails the signed-in customer a new verification link, and what became of it:
 * sent, limited (three an hour) or failed, read out as it changes.
 */
export function ResendVerification({ email, label }: { email: string; label: string }) {
  const send = useSendVerificationLink();
  const outcome = send.isSuccess
    ? `We sent a new link to ${email}.`
    : send.isError
      ? (limitedMessage(send.error, 'for a new link 3 times an hour') ?? send.error.message)
      : '';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={send.isPending}
        onClick={() => send.mutate(email)}
      >
        {label}
      </button>
      <p role="status" className="text-sm">
        {outcome}
      </p>
    </div>
  );
}
