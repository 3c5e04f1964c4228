/**
 * The file pipeline shared by features: Slack files → the platform (signed uploads) and platform files → Slack.
 */
export { FileTransferError, type FileTransferErrorCode } from '../../kit/slack-files/transfer-error.ts';
export { resolveTarget, NO_COMPANY_TEXT, type TargetChoice, type TransferTarget } from './resolve-target.ts';
export { uploadWithFreshForm, type TransferOrigin } from './transfer-one.ts';
export { accessibleSlackFile, type FileAccessOrigin } from './slack-file-access.ts';
export {
  transferSlackFiles,
  DEFAULT_FILE_TRANSFER,
  type FileTransferDeps,
  type FileTransferResult,
  type FileTransferSettings,
  type TransferRequest,
} from './transfer-slack-files.ts';
export {
  sendPlatformFileToSlack,
  type PlatformFileResult,
  type SendPlatformFileRequest,
} from './send-platform-file.ts';
