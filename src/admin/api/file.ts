/** Uploads for the admin's form fields (ImageUpload, the rich-text editor's image button, VideoUpload). */
import { API, type UploadKind } from '@contracts/api'
import { upload } from './transfer'

export type ImageKind = Exclude<UploadKind, 'chat' | 'video'>

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

/** a 100 MB video on a slow line takes minutes: the transfer's own timeout, not the 60 s of small files */
const VIDEO_TIMEOUT_MS = 30 * 60_000

async function uploadAs(file: Blob, kind: UploadKind, fallbackName: string, onProgress?: (percent: number) => void, timeoutMs?: number): Promise<string> {
  let env
  try {
    env = await upload<string>(API.upload, file, { query: { kind }, filename: (file as File).name || fallbackName, onProgress, silent: true, timeoutMs })
  } catch (e) {
    const status = (e as { status?: number }).status ?? 0
    throw new UploadError(status, (e as Error).message)
  }
  if (env.code === 200 && typeof env.result === 'string') return env.result
  throw new UploadError(Number(env.code), env.message || `code ${env.code}`)
}

/** POST the image (multipart field "file") under its kind's size limit; resolves with the stored URL. */
export function uploadImage(file: Blob, kind: ImageKind, onProgress?: (percent: number) => void): Promise<string> {
  return uploadAs(file, kind, 'image', onProgress)
}

/** POST an MP4 / WebM video (admins; 100 MB); resolves with the stored URL, served with range requests. */
export function uploadVideo(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return uploadAs(file, 'video', 'video.mp4', onProgress, VIDEO_TIMEOUT_MS)
}
