/** Pieces the dictionary area's views share: the search box, the name fields, the row links, text ⇄ HTML. */
import React from 'react'
import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { Permission } from '../../core/permission'
import { KeywordSearch } from '../common/list-toolbar'
import { ConfirmLink, RowLink } from '../common/row-actions'

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
      <RowLink onClick={onClick} data-testid={testId}>
        {t('adm.dictionary.edit')}
      </RowLink>
    </Permission>
  )
}

/** A table row's Delete link behind a confirmation, shown with the route's 'delete' button. */
export function DeleteLink({ confirm, onConfirm, testId }: { confirm: string; onConfirm: () => unknown; testId: string }) {
  const { t } = useTranslation()
  return (
    <Permission name="delete">
      <ConfirmLink confirm={confirm} onConfirm={onConfirm} data-testid={testId}>
        {t('adm.dictionary.delete')}
      </ConfirmLink>
    </Permission>
  )
}

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
