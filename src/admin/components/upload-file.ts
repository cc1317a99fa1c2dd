/**
 * One image upload for the admin's shared components: POST /api/v1/file/info/single/upload?kind=<kind>
 * (multipart field "file", Bearer token). The admin is H5-only, so XMLHttpRequest is fine here (the
 * consumer app must keep going through Taro APIs). Resolves with the URL the server answered.
 */
import { UPLOAD_LIMITS, type UploadKind } from '../../shared/contracts/api'
import { apiUrl } from '../../shared/api/request'
import { acceptLanguage } from '../../shared/i18n'
import { getToken } from '../../shared/storage'

export type ImageKind = Exclude<UploadKind, 'chat'>

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** "4 MB" / "400 KB" for the hint and the too-large message. */
export function limitLabel(kind: ImageKind): string {
  const bytes = UPLOAD_LIMITS[kind]
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`
}

export type UploadCheck = 'ok' | 'tooLarge' | 'type'

/** Client-side check before sending (the server checks again: size while streaming, type by magic bytes). */
export function checkImage(file: { size: number; type?: string }, kind: ImageKind): UploadCheck {
  if (file.type && !IMAGE_TYPES.includes(file.type)) return 'type'
  if (file.size > UPLOAD_LIMITS[kind]) return 'tooLarge'
  return 'ok'
}

export class UploadError extends Error {
  constructor(
    public readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

export function uploadImage(file: Blob, kind: ImageKind, onProgress?: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(`/file/info/single/upload?kind=${encodeURIComponent(kind)}`))
    const token = getToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.setRequestHeader('Accept-Language', acceptLanguage())
    xhr.timeout = 60000
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100))
      }
    }
    xhr.onerror = () => reject(new UploadError(0, 'network error'))
    xhr.ontimeout = () => reject(new UploadError(0, 'timeout'))
    xhr.onload = () => {
      let body: { code?: number; result?: unknown; message?: string } | null = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && body.code === 200 && typeof body.result === 'string') {
        resolve(body.result)
      } else {
        reject(new UploadError(body?.code ?? xhr.status, body?.message || `HTTP ${xhr.status}`))
      }
    }
    const form = new FormData()
    form.append('file', file, (file as File).name || 'image')
    xhr.send(form)
  })
}
