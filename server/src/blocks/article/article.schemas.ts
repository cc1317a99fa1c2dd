/**
 * JSON schemas of the CMS admin's article routes (topics, information, policies): the list query
 * (paging, keyword, status, sortField/sortOrder), the publish body and the bilingual article fields.
 */
import { pageQuerySchema } from '../../lib/paging'
import { keywordSchema, ownFileUrlSchema, text } from '../../lib/route-schemas'

export function listQuerySchema(sortFields: readonly string[], extra: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: {
      ...pageQuerySchema,
      keyword: keywordSchema,
      status: { type: 'string', enum: ['draft', 'published', ''] },
      sortField: { type: 'string', enum: [...sortFields, ''] },
      sortOrder: { type: 'string', enum: ['ascend', 'descend', ''] },
      ...extra,
    },
  } as const
}

export const publishBody = {
  type: 'object',
  required: ['id', 'publish'],
  properties: { id: { type: 'integer', minimum: 1 }, publish: { type: 'boolean' } },
} as const

export const tagList = { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 30 } } as const
/** rich text: the sanitizer bounds what is stored; this bounds what is read */
export const richText = { type: 'string', maxLength: 200_000 } as const
export const isoTime = { type: ['string', 'null'], maxLength: 40 } as const

/** the fields of a bilingual article body (topics, information) */
export const articleProps = {
  titleZh: text(200),
  titleEn: text(300),
  summaryZh: text(1000),
  summaryEn: text(2000),
  coverUrl: ownFileUrlSchema,
  tagsZh: tagList,
  tagsEn: tagList,
  contentZh: richText,
  contentEn: richText,
} as const
