/** oauth.v2.access with grant_type=refresh_token (token rotation): the app's credentials, no token. */
import { WebClient, type WebClientOptions } from '@slack/web-api';
import { z } from 'zod';
import type { RefreshedToken } from '../service/token-refresh.ts';

const refreshed = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

export function refreshExchange(
  credentials: { clientId: string; clientSecret: string },
  clientOptions: WebClientOptions,
): (refreshToken: string) => Promise<RefreshedToken> {
  const client = new WebClient(undefined, { ...clientOptions, retryConfig: { retries: 1 } });
  return async (refreshToken) => {
    const answer = refreshed.parse(
      await client.oauth.v2.access({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }),
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresInSeconds: answer.expires_in,
    };
  };
}
