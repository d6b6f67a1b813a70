import * as oidc from 'openid-client';
import type { GooglePrompt } from '@contract';

/** What the verified ID token says about the person. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * Why talking to the provider failed, in the terms the sign-in page explains:
 * `denied` (the person said no), `code` (the token endpoint refused the code), `provider`
 * (unreachable or broken discovery), `failed` (anything else, such as an ID token that does
 * not verify).
 */
export class OidcError extends Error {
  constructor(
    readonly kind: 'denied' | 'code' | 'provider' | 'failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

export interface OidcProviderOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The registered redirect URI (PUBLIC_URL + /api/v1/users/google/login). */
  redirectUri: string;
}

/** Discovery is redone after this long, so a provider's changed endpoints are picked up. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/**
 * An OpenID Connect relying party for the authorisation-code flow with PKCE, on top of
 * openid-client: it discovers the provider, builds the authorisation URL, and exchanges the
 * code for an ID token whose issuer, audience, expiry, nonce and signature (against the
 * provider's JWKS) it verifies. No token parsing happens here.
 */
export class OidcProvider {
  private discovered: { at: number; config: Promise<oidc.Configuration> } | undefined;

  constructor(private readonly options: OidcProviderOptions) {}

  private configuration(): Promise<oidc.Configuration> {
    const now = Date.now();
    if (!this.discovered || now - this.discovered.at > DISCOVERY_TTL_MS) {
      const issuer = new URL(this.options.issuerUrl);
      // Signatures are checked against the JWKS even though the token came over TLS: the
      // issue asks for it, and it costs one cached key fetch.
      const execute: ((config: oidc.Configuration) => void)[] = [oidc.enableNonRepudiationChecks];
      // Plain http is accepted only for a provider on this machine (config refuses others).
      if (issuer.protocol === 'http:') execute.push(oidc.allowInsecureRequests);
      const config = oidc
        .discovery(
          issuer,
          this.options.clientId,
          { client_secret: this.options.clientSecret, id_token_signed_response_alg: 'RS256' },
          oidc.ClientSecretPost(this.options.clientSecret),
          { execute, timeout: 10 },
        )
        .catch((err: unknown) => {
          // A failed discovery is not remembered: the next sign-in tries again.
          this.discovered = undefined;
          throw new OidcError('provider', 'OpenID Connect discovery failed', { cause: err });
        });
      this.discovered = { at: now, config };
    }
    return this.discovered.config;
  }

  async authorizationUrl(params: {
    state: string;
    nonce: string;
    codeChallenge: string;
    prompt: GooglePrompt;
  }): Promise<URL> {
    const config = await this.configuration();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid email profile',
      // Google reads these two; other providers ignore what they do not know.
      access_type: 'offline',
      prompt: params.prompt,
      state: params.state,
      nonce: params.nonce,
      code_challenge: params.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  /** Exchanges the code in the callback's query for a verified identity. */
  async exchange(
    callbackQuery: URLSearchParams,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity> {
    const config = await this.configuration();
    const currentUrl = new URL(this.options.redirectUri);
    currentUrl.search = callbackQuery.toString();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (err) {
      throw classify(err);
    }
    if (!claims) throw new OidcError('failed', 'the token response carried no ID token');
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      // Some providers send the flag as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : undefined,
      picture: typeof claims.picture === 'string' ? claims.picture : undefined,
    };
  }
}

function classify(err: unknown): OidcError {
  if (err instanceof OidcError) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    const kind = err.error === 'access_denied' ? 'denied' : 'failed';
    return new OidcError(kind, `authorisation response error: ${err.error}`, { cause: err });
  }
  if (err instanceof oidc.ResponseBodyError) {
    return new OidcError('code', `token endpoint refused the code: ${err.error}`, { cause: err });
  }
  // fetch() itself failed or timed out: the provider is unreachable.
  if (err instanceof TypeError || (err instanceof DOMException && err.name === 'TimeoutError')) {
    return new OidcError('provider', 'the provider could not be reached', { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new OidcError('failed', `code exchange failed: ${message}`, { cause: err });
}

/** Fresh state, nonce and PKCE pair for one authorisation request, from openid-client. */
export async function newAuthorizationChecks(): Promise<{
  state: string;
  nonce: string;
  codeVerifier: string;
  codeChallenge: string;
}> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
  };
}
