/** Action and view ids of the platform connection (App Home's admin section and its modal). */
export const CONNECTION_ACTION = {
  open: 'connection_open',
} as const;

export const CONNECTION_VIEW = {
  set: 'connection_set',
  urlBlock: 'connection_url',
  urlInput: 'connection_url_input',
  keyBlock: 'connection_key',
  keyInput: 'connection_key_input',
} as const;
