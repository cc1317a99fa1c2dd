/**
 * Tickets: every enrolment the seed (or an older version) made without a ticket code gets one
 * — random like every code (lib/ticket-code.ts), never derived from its id — so the seeded approved
 * enrollees can be checked in at the door by code. Adds no row, so every count stays equal to its rows.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { newTicketCode } from '../../lib/ticket-code'

export async function seedTicketCodes(db: Kysely<DB>, bump: (k: string) => void): Promise<void> {
  for (;;) {
    const rows = await db.selectFrom('activity_enrollments').select('id').where('ticket_code', 'is', null).orderBy('id').limit(500).execute()
    if (!rows.length) return
    await db.transaction().execute(async (trx) => {
      for (const r of rows) await trx.updateTable('activity_enrollments').set({ ticket_code: newTicketCode() }).where('id', '=', r.id).where('ticket_code', 'is', null).execute()
    })
    for (let i = 0; i < rows.length; i++) bump('ticketCodes')
  }
}
