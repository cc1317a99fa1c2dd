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

/**
 * A phone number typed into a contact form (the leave-a-message tel): digits only, no leading + (the spec's
 * "numeric"), at most 20 (spec section 9). At least 6 digits: the shortest personal number anyone reaches
 * by phone is 7 digits (a mainland landline without its area code; a mobile is 11, a number with its country
 * code longer), so 6 keeps a margin while "123" or a half-typed number is refused before it reaches an agent.
 */
export const PHONE_PATTERN = /^[0-9]+$/
export const PHONE_MIN_LENGTH = 6
export const PHONE_MAX_LENGTH = 20

/** the first broken phone rule, or null: 'empty' | 'long' | 'numeric' | 'short' (in that order) */
export function phoneProblem(value: string): 'empty' | 'long' | 'numeric' | 'short' | null {
  if (!value) return 'empty'
  if (value.length > PHONE_MAX_LENGTH) return 'long'
  if (!PHONE_PATTERN.test(value)) return 'numeric'
  if (value.length < PHONE_MIN_LENGTH) return 'short'
  return null
}
