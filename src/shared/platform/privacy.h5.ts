/** H5 twin of ./privacy.ts: browsers have no WeChat privacy authorization. Keep both files' exports identical. */
export function registerPrivacyAuthorization(): void {}

export function openPrivacyGuide(): void {}
