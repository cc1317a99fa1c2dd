/**
 * Tourist ids (spec: "tourists get a touristId from the server"). The id handed out is
 * `<public id>.<signature>`: the public id (t + 16 hex) names the conversation; the HMAC proves the
 * holder got it from us, so one tourist cannot read another tourist's conversation by guessing ids.
 */
import crypto from 'node:crypto'

const PUBLIC_ID = /^t[0-9a-f]{16}$/

function sign(secret: string, publicId: string): string {
  return crypto.createHmac('sha256', `tourist:${secret}`).update(publicId).digest('base64url').slice(0, 27)
}

export function newTouristId(secret: string): string {
  const publicId = `t${crypto.randomBytes(8).toString('hex')}`
  return `${publicId}.${sign(secret, publicId)}`
}

/** The public id when the signature holds, else null. */
export function verifyTouristId(secret: string, signed: unknown): string | null {
  if (typeof signed !== 'string' || signed.length > 100) return null
  const [publicId, sig] = signed.split('.')
  if (!publicId || !sig || !PUBLIC_ID.test(publicId)) return null
  const expected = Buffer.from(sign(secret, publicId))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
  return publicId
}
