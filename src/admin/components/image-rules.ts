/**
 * What an image field accepts before anything is sent (spec limits: image 4 MB; avatar, logo and video
 * cover 400 KB). The server checks again: the size while streaming, the type by its magic bytes.
 */
import { UPLOAD_LIMITS, type UploadKind } from '@contracts/api'
import type { ImageKind } from '../api/file'

export type { ImageKind }

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

/** "4 MB" / "400 KB" for the hint and the too-large message. */
export function limitLabel(kind: UploadKind): string {
  const bytes = UPLOAD_LIMITS[kind]
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`
}

export type UploadCheck = 'ok' | 'tooLarge' | 'type'

export function checkImage(file: { size: number; type?: string }, kind: ImageKind): UploadCheck {
  if (file.type && !IMAGE_TYPES.includes(file.type)) return 'type'
  if (file.size > UPLOAD_LIMITS[kind]) return 'tooLarge'
  return 'ok'
}
