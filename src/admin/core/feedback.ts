/**
 * antd message API outside React (request hooks, guards). AntdRoot registers the context-aware instance
 * from message.useMessage() (core/admin-root.tsx) so messages follow the theme and language; until then the static API is used.
 */
import { message as staticMessage } from 'antd'
import type { MessageInstance } from 'antd/es/message/interface'

let current: MessageInstance | null = null

export function registerMessageApi(api: MessageInstance | null): void {
  current = api
}

export function feedback(): MessageInstance {
  return current || (staticMessage as unknown as MessageInstance)
}
