// A local OpenID Connect issuer standing in for Google during the browser journeys: the shop's
// real Google sign-in code talks to it through GOOGLE_DISCOVERY_URL. It signs everyone in as one
// Google user, at once, as Google does for someone already signed in to Google.
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_USER = {
  sub: 'google-user-1',
  email: 'grace@example.com',
  email_verified: true,
  name: 'Grace Hopper',
};

const port = Number(process.env.OIDC_PORT ?? 4311);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
// One host name throughout (127.0.0.1), or the state cookie is lost at the callback.
server.issuer.url = `http://127.0.0.1:${port}`;
server.service.on('beforeTokenSigning', (token: MutableToken) => {
  Object.assign(token.payload, GOOGLE_USER);
});
server.service.on('beforeUserinfo', (userInfo: MutableResponse) => {
  userInfo.body = { ...GOOGLE_USER };
});
await server.start(port, '127.0.0.1');
console.log(`OIDC issuer at ${server.issuer.url}`);
