/** A refusal or failure of `npm run backup` / `npm run restore` with a message for the operator; the CLI prints it alone, without a stack. */
export class BackupError extends Error {}
