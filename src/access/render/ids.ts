/** Action and view ids of the access feature. */
export const ACCESS_ACTION = {
  connect: 'access_connect',
  disconnect: 'access_disconnect',
} as const;

export const ACCESS_VIEW = {
  connect: 'access_connect_view',
  keyBlock: 'access_key',
  keyInput: 'access_key_input',
} as const;
