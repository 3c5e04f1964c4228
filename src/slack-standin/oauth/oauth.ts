/**
 * Slack's OAuth v2 for the stand-in (issue 39): the authorize page hands out a one-time code, `oauth.v2.access`
 * exchanges it (checking client_id, client_secret and redirect_uri) for a bot token of that installation, and with
 * token rotation a refresh token good for one exchange (`grant_type=refresh_token`). Every token the stand-in
 * issued is accepted by the Web API until it expires, is rotated away or its installation is uninstalled; the
 * answer says which installation called (`caller`). Shapes follow docs.slack.dev/reference/methods/oauth.v2.access.
 */
import { randomBytes } from 'node:crypto';
import { APP_ID, BOT_USER_ID } from '../seed.ts';
import type { JsonObject } from '../types.ts';
import { ORGANISATION, workspaceById, type StandinInstall, type StandinWorkspace } from './workspaces.ts';

export interface StandinOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Token rotation on: bot tokens expire after this many seconds and come with a refresh token. */
  tokenLifetimeSeconds?: number;
  now(): number;
}

interface Code {
  install: StandinInstall;
  redirectUri: string | undefined;
  scope: string;
  user: string;
  expiresAt: number;
}

interface Token {
  install: StandinInstall;
  expiresAt: number | undefined;
}

/** The installation a request's token belongs to, or why it is refused. */
export type Caller =
  { install: StandinInstall } | { error: 'invalid_auth' | 'token_expired' | 'token_revoked' };

export const installOf = (choice: string): StandinInstall | undefined => {
  if (choice === ORGANISATION.id) return { key: choice, enterpriseId: choice, isEnterpriseInstall: true };
  const ws = workspaceById(choice);
  if (!ws) return undefined;
  return {
    key: ws.id,
    teamId: ws.id,
    ...(ws.enterprise ? { enterpriseId: ws.enterprise.id } : {}),
    isEnterpriseInstall: false,
  };
};

export class StandinOAuth {
  private readonly codes = new Map<string, Code>();
  private readonly tokens = new Map<string, Token>();
  private readonly refreshTokens = new Map<string, StandinInstall>();
  private readonly revoked = new Set<string>();
  /** Every refresh exchange made (tests count them). */
  readonly refreshes: { key: string; at: number }[] = [];
  /** Every Web API call made with an issued token: which installation made it. */
  readonly calls: { method: string; key: string }[] = [];

  constructor(private readonly opts: StandinOAuthOptions) {}

  get clientId(): string {
    return this.opts.clientId;
  }

  /** The seeded workspace's token (fieldline's own, from the environment or local mode) never expires. */
  adoptToken(token: string, install: StandinInstall): void {
    this.tokens.set(token, { install, expiresAt: undefined });
  }

  issueCode(install: StandinInstall, redirectUri: string | undefined, scope: string, user: string): string {
    const code = `${Date.now()}.${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { install, redirectUri, scope, user, expiresAt: this.opts.now() + 10 * 60_000 });
    return code;
  }

  caller(token: string): Caller {
    if (this.revoked.has(token)) return { error: 'token_revoked' };
    const found = this.tokens.get(token);
    if (!found) return { error: 'invalid_auth' };
    if (found.expiresAt !== undefined && found.expiresAt <= this.opts.now())
      return { error: 'token_expired' };
    return { install: found.install };
  }

  noteCall(method: string, token: string): void {
    const found = this.tokens.get(token);
    if (found) this.calls.push({ method, key: found.install.key });
  }

  /** Installations with a token not revoked. */
  installedKeys(): string[] {
    const keys = new Set<string>();
    for (const [token, t] of this.tokens) if (!this.revoked.has(token)) keys.add(t.install.key);
    return [...keys];
  }

  /** Revokes every token of an installation (uninstall). */
  uninstall(key: string): void {
    for (const [token, t] of this.tokens) if (t.install.key === key) this.revoked.add(token);
    for (const [refresh, install] of this.refreshTokens)
      if (install.key === key) this.refreshTokens.delete(refresh);
  }

  /** oauth.v2.access: a code (install) or a refresh token (rotation). */
  access(args: JsonObject): JsonObject {
    if (args.client_id !== this.opts.clientId) return { ok: false, error: 'invalid_client_id' };
    if (args.client_secret !== this.opts.clientSecret) return { ok: false, error: 'bad_client_secret' };
    if (args.grant_type === 'refresh_token') return this.refresh(String(args.refresh_token ?? ''));
    const code = this.codes.get(String(args.code ?? ''));
    if (!code || code.expiresAt <= this.opts.now()) return { ok: false, error: 'invalid_code' };
    this.codes.delete(String(args.code));
    const given =
      typeof args.redirect_uri === 'string' && args.redirect_uri !== '' ? args.redirect_uri : undefined;
    if (code.redirectUri !== given) return { ok: false, error: 'bad_redirect_uri' };
    return {
      ok: true,
      app_id: APP_ID,
      authed_user: { id: code.user },
      scope: code.scope,
      token_type: 'bot',
      ...this.newToken(code.install),
      bot_user_id: BOT_USER_ID,
      ...teamFields(code.install),
      is_enterprise_install: code.install.isEnterpriseInstall,
    };
  }

  private refresh(refreshToken: string): JsonObject {
    const install = this.refreshTokens.get(refreshToken);
    // A refresh token is good for one exchange.
    if (!install) return { ok: false, error: 'invalid_refresh_token' };
    this.refreshTokens.delete(refreshToken);
    this.refreshes.push({ key: install.key, at: this.opts.now() });
    return {
      ok: true,
      app_id: APP_ID,
      token_type: 'bot',
      scope: 'commands,chat:write',
      ...this.newToken(install),
      bot_user_id: BOT_USER_ID,
      ...teamFields(install),
      is_enterprise_install: install.isEnterpriseInstall,
    };
  }

  private newToken(install: StandinInstall): JsonObject {
    const token = `xoxb-${install.key}-${randomBytes(12).toString('hex')}`;
    const lifetime = this.opts.tokenLifetimeSeconds;
    if (lifetime === undefined) {
      this.tokens.set(token, { install, expiresAt: undefined });
      return { access_token: token };
    }
    const rotated = `xoxe.${token}`;
    const refresh = `xoxe-1-${randomBytes(16).toString('hex')}`;
    this.tokens.set(rotated, { install, expiresAt: this.opts.now() + lifetime * 1000 });
    this.refreshTokens.set(refresh, install);
    return { access_token: rotated, refresh_token: refresh, expires_in: lifetime };
  }
}

function teamFields(install: StandinInstall): JsonObject {
  const ws: StandinWorkspace | undefined = install.teamId ? workspaceById(install.teamId) : undefined;
  const enterprise = install.enterpriseId ? { id: ORGANISATION.id, name: ORGANISATION.name } : null;
  return {
    team: ws && !install.isEnterpriseInstall ? { id: ws.id, name: ws.name } : null,
    enterprise,
  };
}
