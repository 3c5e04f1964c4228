/**
 * The workspace the stand-in starts with. Emails of the first users match the sandbox's platform users
 * (`first.last@plant.example`) so assignee mapping by email finds them; two users deliberately do not
 * (one with an email the platform does not know, one without any email).
 */
import type { LocalChannel, LocalUser, LocalUsergroup } from './types.ts';

export const TEAM = { id: 'T0FIELD', domain: 'fieldline-local', name: 'Fieldline Local' } as const;
/** The organisation of the Slack Connect partner in the seeded workspace. */
export const PARTNER_TEAM = { id: 'T0PARTNER', domain: 'partner-co', name: 'Partner Co' } as const;
export const APP_ID = 'A0FIELD';
export const BOT_ID = 'B0FIELD';
export const BOT_USER_ID = 'U0BOT';

export function seedUsers(): LocalUser[] {
  return [
    {
      id: 'U0ANA',
      name: 'ana.silva',
      real_name: 'Ana Silva',
      email: 'ana.silva@plant.example',
      tz: 'Europe/Lisbon',
      is_admin: true,
    },
    {
      id: 'U0BEN',
      name: 'ben.okafor',
      real_name: 'Ben Okafor',
      email: 'ben.okafor@plant.example',
      tz: 'Europe/London',
    },
    {
      id: 'U0CHL',
      name: 'chloe.martin',
      real_name: 'Chloé Martin',
      email: 'chloe.martin@plant.example',
      tz: 'Europe/Paris',
    },
    {
      id: 'U0DAV',
      name: 'david.kim',
      real_name: 'David Kim',
      email: 'david.kim@plant.example',
      tz: 'America/Chicago',
    },
    // Known to Slack, unknown to the platform: assignee mapping must say "no match".
    {
      id: 'U0EVE',
      name: 'eve.contractor',
      real_name: 'Eve Contractor',
      email: 'eve@contractor.example',
      tz: 'UTC',
    },
    // No email visible (users:read.email missing): mapping must say "no email".
    { id: 'U0NIA', name: 'nia.noemail', real_name: 'Nia Noemail', tz: 'UTC' },
    // A workspace guest: fieldline refuses guests unless ALLOW_GUESTS=true.
    { id: 'U0GUS', name: 'gus.guest', real_name: 'Gus Guest', tz: 'UTC', is_restricted: true },
    // A partner organisation's member in a Slack Connect channel: fieldline acts only for its own workspace.
    {
      id: 'U0KAI',
      name: 'kai.partner',
      real_name: 'Kai Partner',
      email: 'kai@partner.example',
      tz: 'UTC',
      team_id: PARTNER_TEAM.id,
    },
    { id: BOT_USER_ID, name: 'fieldline', real_name: 'fieldline', tz: 'UTC', is_bot: true },
  ];
}

/** The workspace's own full members (not the guest, not the partner): everyone is in #general. */
const STAFF = ['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV', 'U0EVE', 'U0NIA'];

/** The workspace's #general: nobody can be removed from it (conversations.kick answers cant_kick_from_general). */
export const GENERAL_CHANNEL_ID = 'C0GENERAL';

/**
 * Who is in which conversation (`members`: people; the bot's membership is `is_member`). The plant's people are
 * in the public channels, Gus (a guest) only in #maintenance, Kai (a partner) in none of these; the private
 * #shift-leads has only the leads, Ana and David, and not the bot.
 */
export function seedChannels(): LocalChannel[] {
  return [
    {
      id: GENERAL_CHANNEL_ID,
      name: 'general',
      is_private: false,
      is_im: false,
      is_member: true,
      members: [...STAFF],
    },
    {
      id: 'C0ALERTS',
      name: 'plant-north-alerts',
      is_private: false,
      is_im: false,
      is_member: true,
      members: ['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV'],
    },
    {
      id: 'C0MAINT',
      name: 'maintenance',
      is_private: false,
      is_im: false,
      is_member: false,
      members: ['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV', 'U0EVE', 'U0GUS'],
    },
    {
      id: 'G0PRIVATE',
      name: 'shift-leads',
      is_private: true,
      is_im: false,
      is_member: false,
      members: ['U0ANA', 'U0DAV'],
    },
  ];
}

/** The plant leads' user group: its members may configure channels when FIELDLINE_ADMIN_GROUP=plant-leads. */
export function seedUsergroups(): LocalUsergroup[] {
  return [{ id: 'S0LEADS', handle: 'plant-leads', name: 'Plant leads', users: ['U0DAV'] }];
}
