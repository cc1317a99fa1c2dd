/** H5 variant of ./platform.ts: the socket follows the page origin (ws/wss); any file type via <input>. */
import { CHAT_PATH, type ChatCategoryEntrance } from '@contracts/chat'
import { onChatRequest } from '../../shared/stores/overlay-store'
import { getLang } from '../../shared/i18n'
import type { PickedFile } from './picked-file'

/** a browser cannot set a socket's headers: the language the visitor chose on the site travels in the URL (canned replies follow it) */
export function chatSocketBase(): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${CHAT_PATH}?lang=${getLang()}`
}

export function chatSocketHeader(): Record<string, string> | undefined {
  return undefined
}

/** the frame's entries open the chat where they are (the overlay host draws it) */
export function listenForChatRequests(open: (category: ChatCategoryEntrance | null) => void): void {
  onChatRequest(open)
}

/** Opens the file chooser; resolves with every chosen file (the caller enforces the 9-file limit). */
export function pickFiles(accept = 'image/*,video/*,audio/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.zip'): Promise<PickedFile[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.multiple = true
    input.accept = accept
    input.style.display = 'none'
    input.setAttribute('data-testid', 'chat-file-input')
    input.onchange = () => {
      const files = Array.from(input.files || [])
      input.remove()
      resolve(files.map((f) => ({ path: URL.createObjectURL(f), name: f.name, size: f.size, type: f.type })))
    }
    document.body.appendChild(input)
    input.click()
  })
}
