/** Column conventions of every table: flags are integers 0/1, timestamps ISO-8601 UTC text (both databases). */
import type { Generated } from 'kysely'

export type Flag = number // 0 | 1
/** a bilingual text column pair `<name>_zh`, `<name>_en` (not null, default '') */
export type Bi<K extends string> = { [P in `${K}_zh` | `${K}_en`]: Generated<string> }
export type Stamps = { created_at: string; updated_at: string }
export type PublishStatus = 'draft' | 'published'
