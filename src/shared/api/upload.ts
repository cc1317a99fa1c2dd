/**
 * A picture the person chooses, uploaded to the shared upload endpoint (API.upload, multipart field
 * "file") with Taro.uploadFile on both H5 and the weapp: the avatar (centre) and enrolment attachments.
 * The request client cannot carry a multipart body, so the token, the language and the envelope are read
 * here; the server checks type and size again.
 */
import Taro from '@tarojs/taro'
import { apiUrl, HttpError } from './request'
import { getToken } from '../storage'
import { chooseImage } from '../platform/choose-image'
import { acceptLanguage, t } from '../i18n'
import { API, UPLOAD_LIMITS, type Envelope, type UploadKind } from '@contracts/api'

/** Too big for its kind (found before sending, or by the server): the caller shows its own message. */
export class FileTooLargeError extends Error {
  constructor(public readonly maxBytes: number) {
    super('file too large')
    this.name = 'FileTooLargeError'
  }
}

/**
 * The server refused the file (an envelope code other than 200), with the message to show: for a file
 * that is not a picture of an accepted kind (301, reason `type`) our own text, whose envelope message
 * ("Parameter error: file") says nothing to a person; else the server's, in the person's language.
 */
export class UploadRefusedError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message || `code ${code}`)
    this.name = 'UploadRefusedError'
  }
}

/** a picture's refusal in the person's language: not a picture, or larger than the server takes a side */
function refusalMessage(code: number, result: { reason?: string; maxSide?: number } | null): string | null {
  if (code !== 301) return null
  if (result?.reason === 'type') return t('common.imageTypeRefused')
  if (result?.reason === 'dimensions') return t('common.imageDimensionsRefused', { max: result.maxSide ?? 8000 })
  return null
}

/**
 * One picture from the album/camera (weapp) or the file picker (H5), checked against the kind's limit
 * before anything is sent, then uploaded. Resolves with the stored URL and the file's name, or null when
 * the person cancelled the picker. Rejects with FileTooLargeError, UploadRefusedError or HttpError.
 */
export async function chooseAndUploadImage(kind: UploadKind): Promise<{ url: string; name: string } | null> {
  const image = await chooseImage()
  if (!image) return null
  if (image.size !== null && image.size > UPLOAD_LIMITS[kind]) throw new FileTooLargeError(UPLOAD_LIMITS[kind])
  const token = getToken()
  const res = await Taro.uploadFile({
    url: apiUrl(`${API.upload}?kind=${kind}`),
    filePath: image.path,
    name: 'file',
    // H5 sends a blob: URL, which has no name of its own
    fileName: image.name,
    header: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': acceptLanguage() },
  } as Taro.uploadFile.Option)
  if (res.statusCode < 200 || res.statusCode >= 300) throw new HttpError(res.statusCode, res.data)
  let env: Envelope<string>
  try {
    env = typeof res.data === 'string' ? JSON.parse(res.data) : (res.data as unknown as Envelope<string>)
  } catch {
    throw new HttpError(res.statusCode, res.data, 'malformed envelope')
  }
  const result = env.result as unknown as { reason?: string; maxBytes?: number; maxSide?: number } | null
  if (env.code === 301 && result && result.reason === 'tooLarge') throw new FileTooLargeError(result.maxBytes ?? UPLOAD_LIMITS[kind])
  if (env.code !== 200 || typeof env.result !== 'string') throw new UploadRefusedError(Number(env.code), refusalMessage(env.code, result) ?? env.message)
  return { url: env.result, name: image.name }
}
