// Where the servers of the journeys listen: read by playwright.config.ts, which starts them, and by
// the journeys. Every port follows from E2E_PORT, so runs side by side on one machine never meet.
const port = Number(process.env.E2E_PORT ?? 4310);

/** The shop under test; it sends its mail to the mail catcher. */
export const shopPort = port;
export const shopUrl = `http://127.0.0.1:${shopPort}`;
/** The stand-in for Google (oidc-issuer.ts). */
export const oidcPort = port + 1;
/** The mail catcher (mail-catcher.ts): the shop's mail server, and what it received, over HTTP. */
export const mailCatcherSmtpPort = port + 2;
export const mailCatcherHttpPort = port + 3;
export const mailCatcherUrl = `http://127.0.0.1:${mailCatcherHttpPort}`;
/**
 * A second shop with no mail server configured (no SMTP_URL): it keeps every mail for admins to
 * read on Dashboard → Outbox, which the shop under test, sending its mail, never does.
 */
export const keepingShopPort = port + 4;
export const keepingShopUrl = `http://127.0.0.1:${keepingShopPort}`;
