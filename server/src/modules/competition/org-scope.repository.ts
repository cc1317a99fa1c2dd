/**
 * What the competition module's repositories share: the organisation scope a caller works in, the
 * transaction a repository opens for itself, and the two look-ups several seams make (a person's name for
 * the records they sign, whether an organisation exists).
 */
import { KeywordRepository } from '../../db/keyword-match'
import { inTransaction } from '../../db/transaction'

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null
  return !!e && (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
}

/** organisation ids the caller may work on; null = every organisation */
export type OrgScope = number[] | null
export const inScope = (scope: number[]) => (scope.length ? scope : [0])

export abstract class OrgScopeRepository extends KeywordRepository {
  /** `fn` gets a repository of the same kind working in one transaction */
  transaction<T>(fn: (repo: this) => Promise<T>): Promise<T> {
    const Repository = this.constructor as new (...args: ConstructorParameters<typeof KeywordRepository>) => this
    return inTransaction(this.db, (trx) => fn(new Repository(trx, this.kind)))
  }

  async organizationExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst())
  }

  async userName(userId: number): Promise<string> {
    const u = await this.db.selectFrom('users').select(['nick_name', 'email']).where('id', '=', userId).executeTakeFirst()
    return u ? u.nick_name || u.email : ''
  }
}
