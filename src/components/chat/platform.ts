/**
 * Mini-program variant (Taro picks platform.h5.ts for H5): the socket URL comes from the configured API
 * origin. The attach button asks where from, as WeChat's own chat does: photos and videos from the album or
 * the camera (chooseMedia), or a file from a WeChat chat (chooseMessageFile: documents, audio, anything).
 */
import Taro from '@tarojs/taro'
import { apiOrigin } from '../../shared/env'
import { CHAT_MAX_FILES, type ChatCategoryEntrance } from '@contracts/chat'
import { getLang, t } from '../../shared/i18n'
import type { PickedFile } from './picked-file'
import '../../shared/i18n/sections/chat'

const fileName = (path: string) => path.split('/').pop() || 'file'

export function chatSocketBase(): string {
  return `${apiOrigin().replace(/^http/, 'ws')}/chat`
}

/** the chosen language travels as the `lang` header: the server keeps it as the conversation's (canned replies) */
export function chatSocketHeader(): Record<string, string> | undefined {
  return { lang: getLang() }
}

/**
 * The entries' requests open the chat page (components/overlays/chat-page.ts), which opens the chat itself:
 * the chat does not answer them on the page the person is leaving.
 */
export function listenForChatRequests(_open: (category: ChatCategoryEntrance | null) => void): void {}

export async function pickFiles(): Promise<PickedFile[]> {
  let source: number
  try {
    source = (await Taro.showActionSheet({ itemList: [t('chat.pickMedia'), t('chat.pickChatFile')] })).tapIndex
  } catch {
    return [] // the sheet was closed
  }
  try {
    if (source === 0) {
      const r = await Taro.chooseMedia({ count: CHAT_MAX_FILES, mediaType: ['image', 'video'], sourceType: ['album', 'camera'], sizeType: ['compressed'] })
      return r.tempFiles.map((f) => ({ path: f.tempFilePath, name: fileName(f.tempFilePath), size: f.size, type: f.fileType === 'video' ? 'video/*' : 'image/*' }))
    }
    const r = await Taro.chooseMessageFile({ count: CHAT_MAX_FILES, type: 'all' })
    return r.tempFiles.map((f) => ({ path: f.path, name: f.name || fileName(f.path), size: f.size, type: f.type || '' }))
  } catch {
    return []
  }
}
