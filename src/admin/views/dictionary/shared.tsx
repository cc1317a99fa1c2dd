/** Small pieces the dictionary area's views share. */
import React from 'react'
import { Button, Form, Input, Popconfirm } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { useTranslation } from 'react-i18next'
import type { Envelope } from '../../../shared/contracts/api'
import { Permission } from '../../core/permission'
import { KeywordSearch } from '../common/list-toolbar'

/** Keyword box above a table, with this area's own placeholder. */
export function SearchBox({ onSearch, placeholder, testId }: { onSearch: (k: string) => void; placeholder: string; testId: string }) {
  return <KeywordSearch placeholder={placeholder} onKeyword={(k) => onSearch(k ?? '')} testId={testId} style={{ width: 320 }} />
}

/** The required Chinese and English name fields of a dictionary form (100 characters at most). */
export function NameFields({ testId }: { testId: string }) {
  const { t } = useTranslation()
  const rules = [{ required: true, whitespace: true, max: 100, message: t('adm.dictionary.nameRule') }]
  return (
    <>
      <Form.Item name="nameZh" label={t('adm.dictionary.nameZh')} rules={rules}>
        <Input data-testid={`${testId}-name-zh`} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('adm.dictionary.nameEn')} rules={rules}>
        <Input data-testid={`${testId}-name-en`} />
      </Form.Item>
    </>
  )
}

/** A table row's Edit link, shown with the route's 'edit' button. */
export function EditLink({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation()
  return (
    <Permission name="edit">
      <Button size="small" type="link" onClick={onClick} data-testid={testId}>
        {t('adm.dictionary.edit')}
      </Button>
    </Permission>
  )
}

/** A table row's Delete link behind a confirmation, shown with the route's 'delete' button. */
export function DeleteLink({ confirm, onConfirm, testId }: { confirm: string; onConfirm: () => unknown; testId: string }) {
  const { t } = useTranslation()
  return (
    <Permission name="delete">
      <Popconfirm title={confirm} onConfirm={onConfirm}>
        <Button size="small" type="link" danger data-testid={testId}>
          {t('adm.dictionary.delete')}
        </Button>
      </Popconfirm>
    </Permission>
  )
}

/** antd sorter → the server's sortField/sortOrder query (undefined = server default). */
export function sortQuery<T>(sorter: SorterResult<T> | SorterResult<T>[]) {
  const s = Array.isArray(sorter) ? sorter[0] : sorter
  // a column rendered from several fields (the name in the current language) has a key but no dataIndex
  const field = s?.columnKey ?? s?.field
  if (!s || !s.order || field === undefined) return { sortField: undefined, sortOrder: undefined }
  return { sortField: String(field), sortOrder: s.order === 'ascend' ? 'asc' : 'desc' }
}

export function pickName(row: { nameZh?: string | null; nameEn?: string | null }, lang: 'zh' | 'en'): string {
  return (lang === 'zh' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh) || '—'
}

export const isOk = (env: Envelope<unknown>) => env.code === 200

/** plain text → minimal HTML paragraphs (text escaped), for switching a text to the rich editor */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

export const LOOKS_HTML = /<[a-z][\s\S]*>/i
