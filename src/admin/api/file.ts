/** Image upload for the admin's form fields (ImageUpload, the rich-text editor's image button). */
import { API, type UploadKind } from '../../shared/contracts/api'
import { upload } from '../../shared/api/request.transfer'

export type ImageKind = Exclude<UploadKind, 'chat'>

/** The server refused the file (its code: 301 = too large or not an image) or the transfer failed (0 / HTTP status). */
export class UploadError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

/** POST the image (multipart field "file") under its kind's size limit; resolves with the stored URL. */
export async function uploadImage(file: Blob, kind: ImageKind, onProgress?: (percent: number) => void): Promise<string> {
  let env
  try {
    env = await upload<string>(API.upload, file, { query: { kind }, filename: (file as File).name || 'image', onProgress, silent: true })
  } catch (e) {
    const status = (e as { status?: number }).status ?? 0
    throw new UploadError(status, (e as Error).message)
  }
  if (env.code === 200 && typeof env.result === 'string') return env.result
  throw new UploadError(Number(env.code), env.message || `code ${env.code}`)
}
