/**
 * "Unanswered chats": one definition shared by the admin home's figure (analysis) and the agents'
 * conversation search (`unanswered: true`), so the figure always equals the rows the search lists —
 * conversations still open or queued whose visitor waits for an agent: a visitor's message came after the
 * last agent message (waiting_since, kept by the chat as messages are stored), or nothing was said yet.
 */
import { sql, type RawBuilder } from 'kysely'

export function unansweredChat(alias: string): RawBuilder<boolean> {
  const c = (col: string) => sql.ref(`${alias}.${col}`)
  return sql<boolean>`(${c('status')} in ('open', 'queued') and (${c('waiting_since')} is not null or ${c('last_message_id')} is null))`
}
