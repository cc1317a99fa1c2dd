/** Chat area: the adviser's conversations and messages (the consumer's chat client) and file upload. */
import { CHAT_API } from '@contracts/chat'
import { upload } from './transfer'

export { chatFileUrl, historyMessages, listByKeFu, listMessages, readMessages } from '../../shared/api/chat'

/**
 * Upload a file to send in the chat; resolves with its URL. Through the chat's own upload (not the generic
 * one): it records the agent as the file's uploader, and the socket accepts only a sender's own files.
 * Silent: the console says "upload failed" itself. No time limit: chat files may be up to 100 MB.
 */
export async function uploadChatFile(file: File): Promise<string> {
  const env = await upload<string>(CHAT_API.upload, file, { silent: true, timeoutMs: 0 })
  if (env.code !== 200) throw new Error(env.message)
  return env.result
}
