/** The helpdesk's queries: canned replies, ratings, unanswered-wait alerts, conversation search. */
import { sql, type Selectable } from 'kysely'
import type { Database, DbKind } from '../../db/database'
import { unansweredChat } from '../../db/chat-unanswered'
import { escapeLike, safeSearchTerm } from '../../db/keyword-match'
import { CHAT_MENU_COMPONENT } from '@contracts/chat'
import { SEARCH_MATCH_CAP } from '@contracts/helpdesk'
import type { ChatCannedRepliesTable } from '../../db/schema/chat'

export type CannedRow = Selectable<ChatCannedRepliesTable>

export interface SearchFilter {
  keyword: string | null
  visitor: string | null
  kefuId: number | null
  categoryId: number | null
  status: 'open' | 'queued' | 'closed' | null
  unanswered: boolean
  fromIso: string | null
  toIso: string | null
  offset: number
  limit: number
}


/** conversations a visitor filter may name (an id prefix of one character names them all) */
const VISITOR_MATCH_CAP = 5000

export interface SearchRow {
  id: number
  customer_id: string
  customer_type: 'customer' | 'tourist'
  status: 'open' | 'queued' | 'closed'
  last_message_id: number | null
  last_message_at: string | null
  updated_at: string
  user_id: number | null
  kefu_id: number | null
  category_id: number | null
  lang: 'zh' | 'en'
  nick_name: string | null
  avatar_url: string | null
  email: string | null
}

export class HelpdeskRepository {
  /** SEARCH_MATCH_CAP; tests lower it to see a capped search with a few rows */
  matchCap = SEARCH_MATCH_CAP

  constructor(
    private readonly db: Database,
    private readonly kind: DbKind,
  ) {}

  // ---------------------------------------------------------------- canned replies
  /** the owner's own replies and every shared one, by code */
  async cannedList(ownerId: number, keyword: string | null) {
    let q = this.db
      .selectFrom('chat_canned_replies as r')
      .leftJoin('users as u', 'u.id', 'r.owner_id')
      .selectAll('r')
      .select('u.nick_name as owner_name')
      .where((eb) => eb.or([eb('r.owner_id', '=', ownerId), eb('r.shared', '=', 1)]))
    if (keyword) {
      const like = `%${escapeLike(safeSearchTerm(keyword).toLowerCase())}%`
      q = q.where(sql<boolean>`(lower(r.code) like ${like} escape '\\' or lower(r.text_zh) like ${like} escape '\\' or lower(r.text_en) like ${like} escape '\\')`)
    }
    return q.orderBy('r.code').orderBy('r.id').limit(500).execute()
  }

  canned(id: number) {
    return this.db.selectFrom('chat_canned_replies').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** a reply the agent may send: its own or a shared one */
  async usableCanned(id: number, agentId: number) {
    const r = await this.canned(id)
    return r && (r.owner_id === agentId || r.shared === 1) ? r : undefined
  }

  /** whether the code clashes in the owner's "/" picker: with the owner's other replies or any shared one */
  async codeTaken(ownerId: number, code: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('chat_canned_replies').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase())
    q = q.where((eb) => eb.or([eb('owner_id', '=', ownerId), eb('shared', '=', 1)]))
    if (exceptId != null) q = q.where('id', '!=', exceptId)
    return !!(await q.executeTakeFirst())
  }

  async insertCanned(row: { owner_id: number; code: string; text_zh: string; text_en: string; shared: number; now: string }) {
    const { now, ...v } = row
    return this.db.insertInto('chat_canned_replies').values({ ...v, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  }

  async updateCanned(id: number, ownerId: number, v: { code: string; text_zh: string; text_en: string; shared: number; now: string }) {
    const r = await this.db
      .updateTable('chat_canned_replies')
      .set({ code: v.code, text_zh: v.text_zh, text_en: v.text_en, shared: v.shared, updated_at: v.now })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) > 0
  }

  async deleteCanned(id: number, ownerId: number) {
    const r = await this.db.deleteFrom('chat_canned_replies').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst()
    return Number(r.numDeletedRows) > 0
  }

  // ---------------------------------------------------------------- ratings
  /** one rating per closing: false = that closing is rated already (the unique key decided) */
  async insertRating(r: { conversation_id: number; customer_id: string; closed_at: string; kefu_id: number | null; category_id: number | null; score: number; comment: string | null; created_at: string }) {
    const row = await this.db
      .insertInto('chat_ratings')
      .values(r)
      .onConflict((oc) => oc.columns(['conversation_id', 'closed_at']).doNothing())
      .returningAll()
      .executeTakeFirst()
    return row ?? null
  }

  ratingOf(conversationId: number, closedAt: string) {
    return this.db.selectFrom('chat_ratings').select('id').where('conversation_id', '=', conversationId).where('closed_at', '=', closedAt).executeTakeFirst()
  }

  /** score counts per agent and per category of ratings given in [fromIso, toIso) */
  async ratingCounts(fromIso: string, toIso: string) {
    return this.db
      .selectFrom('chat_ratings')
      .select(['kefu_id', 'category_id', 'score', (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', fromIso)
      .where('created_at', '<', toIso)
      .groupBy(['kefu_id', 'category_id', 'score'])
      .execute()
  }

  categoryNames(ids: number[]) {
    if (!ids.length) return Promise.resolve([])
    return this.db.selectFrom('service_categories').select(['id', 'name_zh', 'name_en']).where('id', 'in', ids).execute()
  }

  // ---------------------------------------------------------------- alerts
  /** conversations whose visitor has waited since between `sinceIso` and `cutoffIso`, not alerted for this wait yet */
  dueChats(sinceIso: string, cutoffIso: string, limit: number) {
    return this.db
      .selectFrom('chat_conversations as c')
      .leftJoin('helpdesk_alerts as a', (j) => j.on('a.kind', '=', 'chat').onRef('a.subject_id', '=', 'c.id').onRef('a.since', '=', 'c.waiting_since'))
      .select(['c.id', 'c.customer_id', 'c.customer_type', 'c.user_id', 'c.category_id', 'c.waiting_since', 'c.lang'])
      .where('c.waiting_since', 'is not', null)
      .where('c.waiting_since', '>', sinceIso)
      .where('c.waiting_since', '<=', cutoffIso)
      .where('a.id', 'is', null)
      .orderBy('c.waiting_since')
      .limit(limit)
      .execute()
  }

  /** leave-a-message forms still new, left between `sinceIso` and `cutoffIso`, not alerted yet */
  dueFeedback(sinceIso: string, cutoffIso: string, limit: number) {
    return this.db
      .selectFrom('feedback as f')
      .leftJoin('helpdesk_alerts as a', (j) => j.on('a.kind', '=', 'feedback').onRef('a.subject_id', '=', 'f.id').onRef('a.since', '=', 'f.created_at'))
      .select(['f.id', 'f.name', 'f.email', 'f.description', 'f.created_at'])
      .where('f.status', '=', 'new')
      .where('f.created_at', '>', sinceIso)
      .where('f.created_at', '<=', cutoffIso)
      .where('a.id', 'is', null)
      .orderBy('f.created_at')
      .limit(limit)
      .execute()
  }

  /** claims one wait for alerting: true = this caller inserted the row and sends; false = sent already (another instance) */
  async claimAlert(kind: 'chat' | 'feedback', subjectId: number, since: string, nowIso: string): Promise<boolean> {
    const row = await this.db
      .insertInto('helpdesk_alerts')
      .values({ kind, subject_id: subjectId, since, recipients: 0, created_at: nowIso })
      .onConflict((oc) => oc.columns(['kind', 'subject_id', 'since']).doNothing())
      .returning('id')
      .executeTakeFirst()
    return !!row
  }

  async setAlertRecipients(kind: 'chat' | 'feedback', subjectId: number, since: string, n: number) {
    await this.db.updateTable('helpdesk_alerts').set({ recipients: n }).where('kind', '=', kind).where('subject_id', '=', subjectId).where('since', '=', since).execute()
  }

  /** every usable agent account (the adviser console menu) with an e-mail: id, name, e-mail */
  agentContacts(nowIso: string) {
    return this.db
      .selectFrom('user_accounts as a')
      .innerJoin('role_menus as rm', 'rm.role_id', 'a.role_id')
      .innerJoin('menus as m', 'm.id', 'rm.menu_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id', 'u.nick_name', 'u.email'])
      .distinct()
      .where('a.kind', 'in', ['kefu', 'auser', 'ouser'])
      .where('a.forbidden', '=', 0)
      .where('a.locked', '=', 0)
      .where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>', nowIso)]))
      .where('m.component', '=', CHAT_MENU_COMPONENT)
      .where('u.email', 'is not', null)
      .where('u.email', '!=', '')
      .execute()
  }

  /** the newest `limit` messages of a conversation, oldest first */
  async lastMessages(conversationId: number, limit: number) {
    const rows = await this.db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(limit).execute()
    return rows.reverse()
  }

  /** a whole conversation for a transcript (capped) */
  transcript(customerId: string, limit: number) {
    return this.db.selectFrom('chat_messages').selectAll().where('customer_id', '=', customerId).orderBy('id').limit(limit).execute()
  }

  // ---------------------------------------------------------------- search
  /**
   * The conversations of the newest `matchCap` messages matching the keyword, one row per message
   * (SQLite: the trigram FTS for 3+ characters, else LIKE; PostgreSQL: ILIKE, served by pg_trgm for 3+
   * characters, or by the primary key read backwards while matches are common). A keyword matching
   * more messages than that is searched in its newest matches only (the page says totalCapped).
   */
  private async newestMatchRows(keyword: string): Promise<Array<{ conversation_id: number }>> {
    const kw = safeSearchTerm(keyword)
    if (this.kind === 'sqlite') {
      if ([...kw].length >= 3) {
        // FTS5 hands its rowids newest first and stops at the limit
        const phrase = `"${kw.replace(/"/g, '""')}"`
        return (await sql<{ conversation_id: number }>`select m.conversation_id from chat_messages m where m.id in (select rowid from chat_messages_fts where chat_messages_fts match ${phrase} order by rowid desc limit ${this.matchCap})`.execute(this.db)).rows
      }
      return (await sql<{ conversation_id: number }>`select m.conversation_id from chat_messages m where ${this.messageLike(kw)} order by m.id desc limit ${this.matchCap}`.execute(this.db)).rows
    }
    // PostgreSQL: a GIN index returns no order. The planner's estimate of the matches decides: a common
    // keyword fills the cap among the newest messages (the primary key read backwards); a rarer one takes
    // every match from the pg_trgm index and keeps the newest.
    const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) select 1 from chat_messages m where ${this.messageLike(kw)}`.execute(this.db)
    const estimate = Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0)
    if (estimate >= this.matchCap * 20) {
      return (await sql<{ conversation_id: number }>`select m.conversation_id from chat_messages m where ${this.messageLike(kw)} order by m.id desc limit ${this.matchCap}`.execute(this.db)).rows
    }
    return (await sql<{ conversation_id: number }>`with hits as materialized (select m.id, m.conversation_id from chat_messages m where ${this.messageLike(kw)}) select conversation_id from hits order by id desc limit ${this.matchCap}`.execute(this.db)).rows
  }

  /** the keyword as a substring test of one message row (alias m) */
  private messageLike(kw: string) {
    const op = sql.raw(this.kind === 'postgres' ? 'ilike' : 'like')
    return sql<boolean>`m.msg_content ${op} ${`%${escapeLike(safeSearchTerm(kw))}%`} escape '\\'`
  }

  /** `c.id` (or another column) among these ids, bound as one parameter (a JSON array on SQLite, an int[] on PostgreSQL) */
  private among(column: string, ids: number[]) {
    return this.kind === 'postgres'
      ? sql<boolean>`${sql.ref(column)} = any(${ids}::int[])`
      : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
  }

  async search(f: SearchFilter): Promise<{ total: number; capped: boolean; rows: SearchRow[] }> {
    // the keyword's index is read once: the conversations of its newest matches
    let keywordConvs: number[] | null = null
    let capped = false
    if (f.keyword) {
      const rows = await this.newestMatchRows(f.keyword)
      keywordConvs = [...new Set(rows.map((x) => Number(x.conversation_id)))]
      capped = rows.length >= this.matchCap
      if (!keywordConvs.length) return { total: 0, capped, rows: [] }
    }
    // the visitor: a customer / tourist id from its start (an index range), or a user's name or e-mail
    let visitorConvs: number[] | null = null
    if (f.visitor) {
      const v = safeSearchTerm(f.visitor)
      const op = sql.raw(this.kind === 'postgres' ? 'ilike' : 'like')
      const like = `%${escapeLike(v)}%`
      const r = await sql<{ id: number }>`select x.id from chat_conversations x where x.customer_id >= ${v} and x.customer_id < ${`${v}\u{10FFFF}`}
        union select x.id from chat_conversations x where x.user_id in (select u2.id from users u2 where u2.nick_name ${op} ${like} escape '\\' or u2.email ${op} ${like} escape '\\')
        limit ${VISITOR_MATCH_CAP}`.execute(this.db)
      visitorConvs = r.rows.map((x) => Number(x.id))
      if (!visitorConvs.length) return { total: 0, capped, rows: [] }
    }
    const where = (q: any) => {
      if (f.kefuId != null) q = q.where('c.kefu_id', '=', f.kefuId)
      if (f.categoryId != null) q = q.where('c.category_id', '=', f.categoryId)
      if (f.status) q = q.where('c.status', '=', f.status)
      if (f.unanswered) q = q.where(unansweredChat('c'))
      if (f.fromIso) q = q.where('c.updated_at', '>=', f.fromIso)
      if (f.toIso) q = q.where('c.updated_at', '<', f.toIso)
      if (visitorConvs) q = q.where(this.among('c.id', visitorConvs))
      if (keywordConvs) q = q.where(this.among('c.id', keywordConvs))
      return q
    }
    const r = await this.db.selectFrom(where(this.db.selectFrom('chat_conversations as c')).select(sql.lit(1).as('one')).as('x')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    const rows: SearchRow[] = await where(this.db.selectFrom('chat_conversations as c').leftJoin('users as u', 'u.id', 'c.user_id'))
      .select(['c.id', 'c.customer_id', 'c.customer_type', 'c.status', 'c.last_message_id', 'c.last_message_at', 'c.updated_at', 'c.user_id', 'c.kefu_id', 'c.category_id', 'c.lang', 'u.nick_name', 'u.avatar_url', 'u.email'])
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(f.offset)
      .limit(f.limit)
      .execute()
    return { total: Number(r.n), capped, rows }
  }

  /** per conversation of a page, the newest message matching the keyword (a few rows each: a plain substring test) */
  async newestMatches(conversationIds: number[], keyword: string) {
    if (!conversationIds.length) return []
    const ids = await this.db
      .selectFrom('chat_messages as m')
      .select(['m.conversation_id', (eb) => eb.fn.max('m.id').as('id')])
      .where('m.conversation_id', 'in', conversationIds)
      .where(this.messageLike(keyword))
      .groupBy('m.conversation_id')
      .execute()
    const list = ids.map((r) => Number(r.id)).filter((x) => x > 0)
    if (!list.length) return []
    return this.db.selectFrom('chat_messages').selectAll().where('id', 'in', list).execute()
  }
}
