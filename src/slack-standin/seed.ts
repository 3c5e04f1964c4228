/**
 * The workspace the stand-in starts with. Emails of the first users match the sandbox's platform users
 * (`first.last@plant.example`) so assignee mapping by email finds them; two users deliberately do not
 * (one with an email the platform does not know, one without any email).
 */
import type { LocalChannel, LocalUser } from './types.ts';

export const TEAM = { id: 'T0FIELD', domain: 'fieldline-local', name: 'Fieldline Local' } as const;
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
    // No email visible (users:read.email missing or a bot-like account): mapping must say "no email".
    { id: 'U0GUS', name: 'gus.guest', real_name: 'Gus Guest', tz: 'UTC' },
    { id: BOT_USER_ID, name: 'fieldline', real_name: 'fieldline', tz: 'UTC', is_bot: true },
  ];
}

export function seedChannels(): LocalChannel[] {
  return [
    { id: 'C0GENERAL', name: 'general', is_private: false, is_im: false, is_member: true },
    { id: 'C0ALERTS', name: 'plant-north-alerts', is_private: false, is_im: false, is_member: true },
    { id: 'C0MAINT', name: 'maintenance', is_private: false, is_im: false, is_member: false },
    { id: 'G0PRIVATE', name: 'shift-leads', is_private: true, is_im: false, is_member: false },
  ];
}
