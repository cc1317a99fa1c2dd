/** Every chat query (conversations, messages, agents' switch, presence leases). */
import { sql, type Insertable, type Selectable } from 'kysely'
import { PREPARED, type Database, type DbKind } from '../../db/database'
import { AbuseCounters } from '../../db/abuse-counters'
import { CHAT_MENU_COMPONENT, type AgentStatus, type ChatMessage } from '@contracts/chat'
import type { ChatConversationEventsTable, ChatConversationsTable, ChatMessagesTable } from '../../db/schema'

export type ConversationRow = Selectable<ChatConversationsTable>
export type MessageRow = Selectable<ChatMessagesTable>

export function toMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    customerId: r.customer_id,
    sendId: r.send_id,
    sendType: r.send_type,
    msgType: r.msg_type,
    msgContent: r.msg_content,
    url: r.url,
    isConnected: 1,
    sendTime: r.send_time,
    readTime: r.read_at,
  }
}

/** a message to store: the contract's fields (isConnected is a frame flag, not stored); customerId names the conversation */
export interface NewMessage extends Pick<ChatMessage, 'customerId' | 'sendId' | 'sendType' | 'msgType' | 'msgContent' | 'url' | 'sendTime'> {
  clientMsgId: string | null
}

/** presence rows renewed per statement */
const PRESENCE_CHUNK = 500

export class ChatRepository {
  /** abuse limits every instance shares (upload quota per day) */
  readonly counters: AbuseCounters

  constructor(
    private readonly db: Database,
    private readonly kind: DbKind = 'sqlite',
  ) {
    this.counters = new AbuseCounters(db)
  }

  // ---- uploads ----
  async recordUpload(url: string, uploader: string, now: string) {
    await this.db.insertInto('chat_uploads').values({ url, uploader, created_at: now }).execute()
  }

  /** whether this uploader stored this file */
  async uploadedBy(url: string, uploader: string): Promise<boolean> {
    return !!(await this.db.selectFrom('chat_uploads').select('url').where('url', '=', url).where('uploader', '=', uploader).executeTakeFirst())
  }

  // ---- users ----
  userProfile(userId: number) {
    return this.db.selectFrom('users').select(['id', 'nick_name', 'avatar_url', 'email', 'token_version']).where('id', '=', userId).executeTakeFirst()
  }

  /**
   * An agent is a user whose usable admin account (not forbidden, locked or expired) has a role holding
   * the adviser console menu (db/seed/chat.ts grants it to the kefu and operations roles).
   */
  async isAgent(userId: number, nowIso: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_accounts as a')
      .innerJoin('role_menus as rm', 'rm.role_id', 'a.role_id')
      .innerJoin('menus as m', 'm.id', 'rm.menu_id')
      .select('a.id')
      .where('a.user_id', '=', userId)
      .where('a.kind', 'in', ['kefu', 'auser', 'ouser'])
      .where('a.forbidden', '=', 0)
      .where('a.locked', '=', 0)
      .where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>', nowIso)]))
      .where('m.component', '=', CHAT_MENU_COMPONENT)
      .executeTakeFirst()
    return !!row
  }

  // ---- conversations ----
  conversation(customerId: string) {
    return this.db.selectFrom('chat_conversations').selectAll().where('customer_id', '=', customerId).executeTakeFirst()
  }

  async ensureConversation(customerId: string, type: 'customer' | 'tourist', userId: number | null, nowIso: string): Promise<ConversationRow> {
    const found = await this.conversation(customerId)
    if (found) return found
    await this.db
      .insertInto('chat_conversations')
      .values({ customer_id: customerId, customer_type: type, user_id: userId, kefu_id: null, status: 'queued', last_message_id: null, last_message_at: null, created_at: nowIso, updated_at: nowIso })
      .onConflict((oc) => oc.column('customer_id').doNothing())
      .execute()
    return (await this.conversation(customerId))!
  }

  /**
   * Assign only when the conversation still has the agent we read (another instance may have won) and,
   * with a limit, only while the receiving agent holds fewer open conversations than the limit. The
   * count is part of the one UPDATE; SQLite runs writes one at a time, PostgreSQL first locks the agent's
   * chat_agents row, so two instances assigning to one agent at once are counted one after the other.
   */
  async assign(id: number, fromKefuId: number | null, toKefuId: number, nowIso: string, limit?: number): Promise<boolean> {
    const run = async (db: Database) => {
      let q = db
        .updateTable('chat_conversations')
        .set({ kefu_id: toKefuId, status: 'open', updated_at: nowIso })
        .where('id', '=', id)
        .where((eb) => (fromKefuId == null ? eb('kefu_id', 'is', null) : eb('kefu_id', '=', fromKefuId)))
      if (limit != null) {
        q = q.where(sql<number>`(select count(*) from chat_conversations x where x.kefu_id = ${toKefuId} and x.status = 'open' and x.id <> ${id})`, '<', limit)
      }
      const r = await q.executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    }
    if (limit == null || this.kind !== 'postgres') return run(this.db)
    return this.db.transaction().execute(async (trx) => {
      await sql`select user_id from chat_agents where user_id = ${toKefuId} for update`.execute(trx)
      return run(trx)
    })
  }

  /** the visitor's language, kept from its socket (canned replies follow it) */
  async setLang(id: number, lang: 'zh' | 'en') {
    await this.db.updateTable('chat_conversations').set({ lang }).where('id', '=', id).where('lang', '!=', lang).execute()
  }

  /**
   * An agent closes: closed, the closing recorded (the visitor may rate it once) and nothing waits any
   * more; false = not its conversation any more or closed meanwhile (closed_at changed), nothing written.
   */
  async closeByAgent(id: number, kefuId: number, closedAtRead: string | null, nowIso: string): Promise<boolean> {
    const r = await this.db
      .updateTable('chat_conversations')
      .set({ status: 'closed', closed_at: nowIso, closed_by: kefuId, waiting_since: null, updated_at: nowIso })
      .where('id', '=', id)
      .where('kefu_id', '=', kefuId)
      .where((eb) => (closedAtRead == null ? eb('closed_at', 'is', null) : eb('closed_at', '=', closedAtRead)))
      .executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }

  async setStatus(id: number, status: ConversationRow['status'], nowIso: string, kefuId?: number | null) {
    await this.db
      .updateTable('chat_conversations')
      .set({ status, updated_at: nowIso, ...(kefuId !== undefined ? { kefu_id: kefuId } : {}) })
      .where('id', '=', id)
      .execute()
  }

  openConversationsOf(kefuId: number) {
    return this.db.selectFrom('chat_conversations').selectAll().where('kefu_id', '=', kefuId).where('status', '=', 'open').orderBy('id').execute()
  }

  queuedConversations(limit = 200) {
    return this.db.selectFrom('chat_conversations').selectAll().where('status', '=', 'queued').orderBy('updated_at').limit(limit).execute()
  }

  async loads(kefuIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>(kefuIds.map((id) => [id, 0]))
    if (!kefuIds.length) return out
    const rows = await this.db
      .selectFrom('chat_conversations')
      .select(['kefu_id', (eb) => eb.fn.countAll().as('n')])
      .where('kefu_id', 'in', kefuIds)
      .where('status', '=', 'open')
      .groupBy('kefu_id')
      .execute()
    for (const r of rows) out.set(r.kefu_id as number, Number(r.n))
    return out
  }

  async agentConversations(kefuId: number, keyword: string | null, offset: number, limit: number) {
    // the filter reads no user column directly (the count then needs no join: thousands of rows stay index-only)
    const filtered = <Q extends { where: any }>(q: Q): Q => {
      let out: any = q.where('c.kefu_id', '=', kefuId)
      if (keyword) {
        const like = `%${keyword.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
        out = out.where((eb: any) => eb.or([eb('c.customer_id', 'like', like), eb('c.user_id', 'in', eb.selectFrom('users as u2').select('u2.id').where((e2: any) => e2.or([e2('u2.nick_name', 'like', like), e2('u2.email', 'like', like)])))]))
      }
      return out
    }
    const total = await filtered(this.db.selectFrom('chat_conversations as c')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    const rows = await filtered(this.db.selectFrom('chat_conversations as c').leftJoin('users as u', 'u.id', 'c.user_id'))
      .select(['c.id', 'c.customer_id', 'c.customer_type', 'c.status', 'c.last_message_id', 'c.last_message_at', 'c.updated_at', 'c.lang', 'c.category_id', 'u.nick_name', 'u.avatar_url', 'u.email'])
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    return { total: Number(total.n), rows }
  }

  async unreadCounts(customerIds: string[], readerSide: 'kefu' | 'customer'): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    if (!customerIds.length) return out
    let q = this.db
      .selectFrom('chat_messages')
      .select(['customer_id', (eb) => eb.fn.countAll().as('n')])
      .where('customer_id', 'in', customerIds)
      .where('read_at', 'is', null)
    q = readerSide === 'kefu' ? q.where('send_type', '!=', 'kefu') : q.where('send_type', '=', 'kefu')
    for (const r of await q.groupBy('customer_id').execute()) out.set(r.customer_id, Number(r.n))
    return out
  }

  // ---- messages ----
  findByClientId(sendId: string, clientMsgId: string) {
    return this.db.selectFrom('chat_messages').selectAll().where('send_id', '=', sendId).where('client_msg_id', '=', clientMsgId).executeTakeFirst()
  }

  messagesByIds(ids: number[]) {
    if (!ids.length) return Promise.resolve([] as MessageRow[])
    return this.db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute()
  }

  /**
   * Stores a message in the conversation of `m.customerId` and moves the conversation on (last message,
   * and the wait: a visitor's message starts one unless one runs already, an agent's ends it). A re-send
   * under the same client id stores nothing and returns the row stored first (created false). Answers
   * the conversation's agent as it stands once the message is in, or undefined when the conversation does
   * not exist yet (nothing stored).
   *
   * PostgreSQL: one statement, one round trip (conversation, insert, update; the unique client id settles
   * a re-send). Five round trips (a look-up by client id, then begin, insert, update, commit) were most
   * of an instance's CPU per chat message (writes to the database socket, measured with --cpu-prof under
   * `npm run bench:chat`) and five waits for PostgreSQL's process on a loaded machine.
   */
  async insertMessage(m: NewMessage): Promise<{ row: MessageRow; created: boolean; kefuId: number | null } | undefined> {
    if (this.kind === 'postgres') return this.insertMessagePg(m)
    const conv = await this.conversation(m.customerId)
    if (!conv) return undefined
    if (m.clientMsgId) {
      const found = await this.findByClientId(m.sendId, m.clientMsgId)
      if (found) return { row: found, created: false, kefuId: conv.kefu_id }
    }
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('chat_messages')
          .values({
            conversation_id: conv.id,
            customer_id: conv.customer_id,
            send_id: m.sendId,
            send_type: m.sendType,
            msg_type: m.msgType,
            msg_content: m.msgContent,
            url: m.url,
            client_msg_id: m.clientMsgId,
            send_time: m.sendTime,
            read_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        const waiting = m.sendType === 'kefu' ? null : sql<string>`coalesce(waiting_since, ${m.sendTime})`
        await trx
          .updateTable('chat_conversations')
          .set({ last_message_id: inserted.id, last_message_at: m.sendTime, updated_at: m.sendTime, waiting_since: waiting })
          .where('id', '=', conv.id)
          .execute()
        return inserted
      })
      return { row, created: true, kefuId: conv.kefu_id }
    } catch (err) {
      // a concurrent re-send of the same client id on another socket won the unique constraint
      if (m.clientMsgId) {
        const found = await this.findByClientId(m.sendId, m.clientMsgId)
        if (found) return { row: found, created: false, kefuId: conv.kefu_id }
      }
      throw err
    }
  }

  private async insertMessagePg(m: NewMessage): Promise<{ row: MessageRow; created: boolean; kefuId: number | null } | undefined> {
    type Row = { conv_id: number; conv_kefu_id: number | null; upd_kefu_id: number | null } & { [K in keyof MessageRow]: MessageRow[K] | null }
    // the agent's message ends the wait (null), a visitor's starts one unless one runs already
    const visitor = m.sendType !== 'kefu'
    const r = await sql<Row>`${PREPARED('chat_store_message')}
      with conv as (
        select id, customer_id, kefu_id from chat_conversations where customer_id = ${m.customerId}
      ), ins as (
        insert into chat_messages (conversation_id, customer_id, send_id, send_type, msg_type, msg_content, url, client_msg_id, send_time, read_at)
        select conv.id, conv.customer_id, ${m.sendId}, ${m.sendType}, ${m.msgType}, ${m.msgContent}, ${m.url}, ${m.clientMsgId}, ${m.sendTime}, null from conv
        on conflict (send_id, client_msg_id) do nothing
        returning *
      ), upd as (
        update chat_conversations c
        set last_message_id = ins.id, last_message_at = ins.send_time, updated_at = ins.send_time,
          waiting_since = case when cast(${visitor} as boolean) then coalesce(c.waiting_since, ins.send_time) else null end
        from ins where c.id = ins.conversation_id
        returning c.kefu_id
      )
      select conv.id as conv_id, conv.kefu_id as conv_kefu_id, upd.kefu_id as upd_kefu_id, ins.*
      from conv left join ins on true left join upd on true`.execute(this.db)
    const found = r.rows[0]
    if (!found) return undefined
    const { conv_id: _conv, conv_kefu_id, upd_kefu_id, ...row } = found
    if (row.id != null) return { row: row as MessageRow, created: true, kefuId: upd_kefu_id }
    // nothing inserted: the client id was stored already (a re-send, perhaps on another socket at once)
    const first = m.clientMsgId ? await this.findByClientId(m.sendId, m.clientMsgId) : undefined
    if (!first) throw new Error('chat message neither stored nor found under its client id')
    return { row: first, created: false, kefuId: conv_kefu_id }
  }

  async latestPage(customerId: string, offset: number, limit: number) {
    const total = await this.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow()
    const rows = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute()
    return { total: Number(total.n), rows: rows.reverse() }
  }

  async before(customerId: string, beforeId: number, limit: number) {
    const total = await this.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('customer_id', '=', customerId)
      .where('id', '<', beforeId)
      .executeTakeFirstOrThrow()
    const rows = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '<', beforeId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
    return { total: Number(total.n), rows: rows.reverse() }
  }

  /** Marks the other side's unread messages (up to id) read; returns the highest id marked, or 0. */
  async markRead(customerId: string, readerSide: 'kefu' | 'customer', upToId: number | null, nowIso: string): Promise<{ count: number; upToId: number }> {
    let q = this.db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('maxId')).where('customer_id', '=', customerId).where('read_at', 'is', null)
    q = readerSide === 'kefu' ? q.where('send_type', '!=', 'kefu') : q.where('send_type', '=', 'kefu')
    if (upToId != null) q = q.where('id', '<=', upToId)
    const max = Number((await q.executeTakeFirst())?.maxId ?? 0)
    if (!max) return { count: 0, upToId: 0 }
    let u = this.db.updateTable('chat_messages').set({ read_at: nowIso }).where('customer_id', '=', customerId).where('read_at', 'is', null).where('id', '<=', max)
    u = readerSide === 'kefu' ? u.where('send_type', '!=', 'kefu') : u.where('send_type', '=', 'kefu')
    const r = await u.executeTakeFirst()
    return { count: Number(r.numUpdatedRows), upToId: max }
  }

  // ---- agents and presence ----
  async agentOnline(userId: number): Promise<boolean> {
    const row = await this.db.selectFrom('chat_agents').select('online').where('user_id', '=', userId).executeTakeFirst()
    return !!row?.online
  }

  async agentStatus(userId: number): Promise<AgentStatus> {
    const row = await this.db.selectFrom('chat_agents').select('status').where('user_id', '=', userId).executeTakeFirst()
    return row?.status ?? 'offline'
  }

  /** online | away | offline; `online` (what routing reads) is 1 only for 'online' */
  async setAgentStatus(userId: number, status: AgentStatus, nowIso: string) {
    const online = status === 'online' ? 1 : 0
    await this.db
      .insertInto('chat_agents')
      .values({ user_id: userId, online, status, updated_at: nowIso })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ online, status, updated_at: nowIso }))
      .execute()
  }

  // ---- service categories (routing) ----
  /** the visible category linked to an entrance's business code (service_category_links), or undefined */
  async categoryOfBusiness(bizCode: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('service_category_links as l')
      .innerJoin('service_categories as c', 'c.id', 'l.category_id')
      .select('c.id')
      .where('l.biz_code', '=', bizCode)
      .where('c.hidden', '=', 0)
      .orderBy('c.id')
      .executeTakeFirst()
    return row?.id
  }

  /** the agents of a category: its own and its sub-categories' service agents (the tree is tens of rows) */
  async categoryAgentIds(categoryId: number): Promise<Set<number>> {
    const rows = await this.db.selectFrom('service_categories').select(['id', 'pid', 'agent_user_id']).execute()
    const out = new Set<number>()
    const within = new Set<number>([categoryId])
    // parents come before children only by chance: widen until nothing changes
    for (let changed = true; changed; ) {
      changed = false
      for (const r of rows) {
        if (within.has(r.pid) && !within.has(r.id)) {
          within.add(r.id)
          changed = true
        }
      }
    }
    for (const r of rows) if (within.has(r.id) && r.agent_user_id != null) out.add(r.agent_user_id)
    return out
  }

  async setCategory(id: number, categoryId: number | null) {
    await this.db.updateTable('chat_conversations').set({ category_id: categoryId }).where('id', '=', id).execute()
  }

  // ---- handling history ----
  async addEvent(e: Insertable<ChatConversationEventsTable>) {
    await this.db.insertInto('chat_conversation_events').values(e).execute()
  }

  async lastEventKind(conversationId: number) {
    const row = await this.db.selectFrom('chat_conversation_events').select('kind').where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(1).executeTakeFirst()
    return row?.kind
  }

  async nickNames(userIds: number[]): Promise<Map<number, string>> {
    if (!userIds.length) return new Map()
    const rows = await this.db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', userIds).execute()
    return new Map(rows.map((r) => [r.id, r.nick_name]))
  }

  events(conversationId: number) {
    return this.db.selectFrom('chat_conversation_events').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute()
  }

  /**
   * Renews this instance's leases of these parties. The periodic renewal names a tenth of the parties with
   * a socket here (1,000 and more): one statement (PostgreSQL: the names as one array parameter; SQLite:
   * per 500 rows) rather than one per row, which held a database connection and the event loop for
   * seconds each minute.
   */
  async touchPresence(instanceId: string, parties: string[], nowIso: string) {
    if (this.kind === 'postgres' && parties.length > 1) {
      await sql`${PREPARED('chat_touch_presence')}
        insert into chat_presence (instance_id, party, seen_at)
        select ${instanceId}, p, ${nowIso} from unnest(cast(${parties} as text[])) as p
        on conflict (instance_id, party) do update set seen_at = excluded.seen_at`.execute(this.db)
      return
    }
    for (let i = 0; i < parties.length; i += PRESENCE_CHUNK) {
      await this.db
        .insertInto('chat_presence')
        .values(parties.slice(i, i + PRESENCE_CHUNK).map((party) => ({ instance_id: instanceId, party, seen_at: nowIso })))
        .onConflict((oc) => oc.columns(['instance_id', 'party']).doUpdateSet({ seen_at: nowIso }))
        .execute()
    }
  }

  async dropPresence(instanceId: string, party?: string) {
    let q = this.db.deleteFrom('chat_presence').where('instance_id', '=', instanceId)
    if (party) q = q.where('party', '=', party)
    await q.execute()
  }

  async present(party: string, sinceIso: string): Promise<boolean> {
    const row = await this.db.selectFrom('chat_presence').select('party').where('party', '=', party).where('seen_at', '>', sinceIso).executeTakeFirst()
    return !!row
  }

  async presentParties(parties: string[], sinceIso: string): Promise<Set<string>> {
    if (!parties.length) return new Set()
    const rows = await this.db.selectFrom('chat_presence').select('party').where('party', 'in', parties).where('seen_at', '>', sinceIso).execute()
    return new Set(rows.map((r) => r.party))
  }

  /** Agents whose switch is on and who hold a live socket somewhere, with name and avatar. */
  async availableAgents(sinceIso: string) {
    const rows = await this.db
      .selectFrom('chat_agents as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id', 'u.nick_name', 'u.avatar_url'])
      .where('a.online', '=', 1)
      .orderBy('u.id')
      .execute()
    const live = await this.presentParties(rows.map((r) => `k:${r.id}`), sinceIso)
    return rows.filter((r) => live.has(`k:${r.id}`))
  }
}
