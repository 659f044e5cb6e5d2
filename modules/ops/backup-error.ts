/** A refused restore or backup: the message is the one line to show. */
export class BackupError extends Error {}
