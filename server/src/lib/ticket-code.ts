/**
 * Ticket codes: 26 characters of Crockford base32 = 130 bits from the operating system's CSPRNG,
 * never derived from an id, so a code can be neither guessed nor enumerated. Typed codes are
 * normalised (case, spaces and dashes ignored; I/L read as 1, O as 0), so a person reading a code
 * aloud at the door cannot get it "wrong" in those ways.
 */
import crypto from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const TICKET_CODE_LENGTH = 26

export function newTicketCode(): string {
  const bytes = crypto.randomBytes(17) // 136 bits, 130 used
  let bits = 0
  let value = 0
  let out = ''
  for (const b of bytes) {
    value = (value << 8) | b
    bits += 8
    while (bits >= 5 && out.length < TICKET_CODE_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
  }
  return out
}

/** a scanned or typed code as stored, or null when it cannot be a ticket code */
export function normalizeTicketCode(raw: unknown): string | null {
  const s = String(raw ?? '')
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0')
  if (s.length !== TICKET_CODE_LENGTH) return null
  for (const c of s) if (!ALPHABET.includes(c)) return null
  return s
}
