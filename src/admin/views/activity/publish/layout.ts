/** Layout shared by the publish steps. */
/** two fields side by side on wide screens, stacked on narrow ones */
export const HALF = { xs: 24, xl: 12 }

/** the activity times: wall-clock minutes in the first address's zone */
export const TIME_PICKER = { showTime: { format: 'HH:mm' }, format: 'YYYY-MM-DD HH:mm', style: { width: 260 } } as const

/** the bilingual name of a choice (category, country, organisation) in the view's language */
export type NameOf = (o: { nameZh: string; nameEn: string }) => string
