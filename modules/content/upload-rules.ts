/** Upload size limits, shown beside the file fields and enforced in modules/content/uploads.server.ts. */
export const UPLOAD_LIMITS = { pdf: 10 * 1024 * 1024, image: 8 * 1024 * 1024 } as const;
