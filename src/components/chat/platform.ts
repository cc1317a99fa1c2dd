/**
 * Mini-program variant (Taro picks platform.h5.ts for H5): the socket URL comes from the configured API
 * origin, and files are chosen with chooseMessageFile (images, videos, audio and documents).
 */
import Taro from '@tarojs/taro'
import { apiOrigin } from '../../shared/env'
import { CHAT_MAX_FILES } from '../../shared/contracts/chat'
import type { PickedFile } from './picked-file'

export function chatSocketBase(): string {
  return `${apiOrigin().replace(/^http/, 'ws')}/chat`
}

export async function pickFiles(): Promise<PickedFile[]> {
  try {
    const r = await Taro.chooseMessageFile({ count: CHAT_MAX_FILES, type: 'all' })
    return r.tempFiles.map((f) => ({ path: f.path, name: f.name || f.path.split('/').pop() || 'file', size: f.size, type: f.type || '' }))
  } catch {
    return []
  }
}
