/**
 * Why a form was not sent, in red under it. Present while empty, so a screen reader announces the
 * message as it appears.
 */
export function FormFailure({
  id,
  children,
}: {
  id?: string;
  children: string | null | undefined;
}) {
  return (
    <p id={id} role="alert" className="min-h-5 text-sm text-red-700">
      {children}
    </p>
  );
}
