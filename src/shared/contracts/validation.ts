/**
 * Input rules that the server and both clients apply the same way (one definition each). Pure
 * constants and functions: the server imports them from here, clients show the matching message.
 */

/** The one e-mail pattern: local part of letters, digits and ._%+-, a domain of dot-separated labels. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/
/** RFC 5321's limit for a whole address */
export const EMAIL_MAX_LENGTH = 254

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
}
