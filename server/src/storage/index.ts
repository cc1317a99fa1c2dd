/** The upload store this configuration names: S3-compatible when STORAGE_URL / S3_* say so, else local disk. */
import path from 'node:path'
import type { Config } from '../config'
import { LocalStorage } from './local-storage'
import { S3Storage } from './s3-storage'
import type { Storage } from './storage'

export function createStorage(config: Config): Storage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage)
  return new LocalStorage(path.join(config.dataDir, 'uploads'))
}

export type { Storage, StoredObject, ByteRange } from './storage'
export { contentTypeOf, isValidKey, keyOfUploadUrl } from './storage'
