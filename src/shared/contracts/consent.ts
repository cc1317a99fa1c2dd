/**
 * Consent to the User Agreement and the Privacy Policy. The texts are the site texts the
 * consumer /extend page shows (`/extend?content=user_agreement|privacy_policy`); each carries a version
 * that operations raise when they publish a new one (admin: system texts, "publish as a new version").
 *
 * - Registration (e-mail `POST /system/user/register`, WeChat first sign-in `cuser/wechat/login`,
 *   organizer registration `POST /system/user/ouser/register`) needs `agree: true`; without it: 670
 *   and nothing is created. The agreement is stored with the versions,
 *   the channel and the time.
 * - The user info (login answers, `current/user`) says `consentRequired` when the person's newest
 *   agreement is older than the current versions: the client then shows the re-consent sheet before
 *   anything else; agreeing posts `agree` with the versions it showed (671 when they are no longer
 *   current), refusing posts `refuse`, which signs the person out everywhere.
 */
export const CONSENT_API = {
  /** GET → ConsentStatus */
  status: '/system/user/consent',
  /** POST ConsentAgreeBody → ConsentStatus */
  agree: '/system/user/consent/agree',
  /** POST → null; every token of the person is revoked (signed out) */
  refuse: '/system/user/consent/refuse',
} as const

/** the site-text codes of the two policy texts (and the /extend page's `content` values) */
export const POLICY_TEXT = { agreement: 'user_agreement', privacy: 'privacy_policy' } as const

/**
 * where an agreement was given: registration by e-mail, WeChat H5 or mini-program, organizer registration
 * in the admin (/admRegister); `h5` = again after sign-in on the web
 */
export type ConsentChannel = 'email' | 'wechat_h5' | 'weapp' | 'h5' | 'admin'
export const RENEW_CHANNELS = ['h5', 'weapp'] as const
export type RenewChannel = (typeof RENEW_CHANNELS)[number]

export interface PolicyVersions {
  agreementVersion: number
  privacyVersion: number
}

export interface ConsentStatus {
  /** the versions in force now */
  current: PolicyVersions
  /** the person's newest agreement, or null (none recorded) */
  agreed: (PolicyVersions & { channel: ConsentChannel; agreedAt: string }) | null
  /** true: the person must agree to `current` before anything else */
  required: boolean
}

export interface ConsentAgreeBody extends PolicyVersions {
  /** the app asking: the web (h5) or the mini-program (weapp) */
  channel?: RenewChannel
}
