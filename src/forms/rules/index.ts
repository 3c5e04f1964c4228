/** The forms feature's pure rules: what other features may import of it without its Slack side. */
export { readFormConfig, type FormField, type FormSpec, type FieldKind } from './form-config.ts';
export { buildValues, valueWords, type Typed } from './form-values.ts';
export { shiftEndAfter } from './shift-end.ts';
export { matchForm } from './find-form.ts';
