/**
 * 'system/text/list': site texts (user agreement, privacy policy … — what the consumer /extend page shows
 * through GET /system/text/detail) with keyword search and editing, and overrides of the shared UI
 * translations. Content is plain text or rich text: the consumer renders HTML when the content looks like
 * HTML, text otherwise; the server sanitizes HTML on every write.
 */
import React, { useState } from 'react'
import { Button, Card, Checkbox, Form, Input, Radio, Select, Space, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { SiteTextBody, SiteTextRow, TranslationLang, TranslationRow } from '@contracts/admin-dictionary'
import { listSiteTexts, listTranslations, saveSiteText, saveTranslation } from '../../api/dictionary'
import { Permission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { RichTextEditor } from '../../components/rich-text-editor'
import { formatTime } from '../common/format'
import { useTableList } from '../common/use-table-list'
import { useBusy } from '../common/use-busy'
import { ListTable } from '../common/list-table'
import { FormDrawer, FormModal } from '../common/form-dialogs'
import type { ViewProps } from '../view-props'
import { EditLink, LOOKS_HTML, SearchBox, textToHtml } from './dict-parts'

type Format = 'text' | 'html'

function ContentField({ format, onFormat, value, onChange, testId }: { format: Format; onFormat: (f: Format) => void; value?: string; onChange?: (v: string) => void; testId: string }) {
  const { t } = useTranslation()
  return (
    <div>
      <Radio.Group
        size="small"
        value={format}
        onChange={(e) => {
          const next = e.target.value as Format
          // plain → rich keeps the paragraphs; rich → plain keeps the words
          if (next === 'html' && value && !LOOKS_HTML.test(value)) onChange?.(textToHtml(value))
          if (next === 'text' && value && LOOKS_HTML.test(value)) onChange?.(value.replace(/<\/p>\s*<p>/gi, '\n\n').replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
          onFormat(next)
        }}
        style={{ marginBottom: 8 }}
        data-testid={`${testId}-format`}
      >
        <Radio.Button value="text">{t('adm.dictionary.text.plain')}</Radio.Button>
        <Radio.Button value="html">{t('adm.dictionary.text.rich')}</Radio.Button>
      </Radio.Group>
      {format === 'html' ? (
        <RichTextEditor value={value} onChange={onChange} data-testid={testId} />
      ) : (
        <Input.TextArea value={value} onChange={(e) => onChange?.(e.target.value)} autoSize={{ minRows: 8, maxRows: 20 }} data-testid={testId} />
      )}
    </div>
  )
}

function SiteTexts({ lang }: { lang: 'zh' | 'en' }) {
  const { t } = useTranslation()
  const q = useTableList<SiteTextRow>(listSiteTexts)
  const [editing, setEditing] = useState<SiteTextRow | 'new' | null>(null)
  const [formats, setFormats] = useState<{ zh: Format; en: Format }>({ zh: 'text', en: 'text' })
  const [saving, whileSaving] = useBusy()
  const [form] = Form.useForm<SiteTextBody>()

  const open = (row: SiteTextRow | 'new') => {
    setEditing(row)
    setFormats(
      row === 'new'
        ? { zh: 'text', en: 'text' }
        : { zh: LOOKS_HTML.test(row.contentZh) ? 'html' : 'text', en: LOOKS_HTML.test(row.contentEn) ? 'html' : 'text' },
    )
  }
  const initial = editing && editing !== 'new' ? { ...editing } : {}

  const save = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await saveSiteText(v, editing === 'new')
      if (env.code !== 200) return
      feedback().success(t('adm.dictionary.saved'))
      setEditing(null)
      q.reload()
    })
  }

  const excerpt = (s: string) => {
    const plain = s.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
    return plain.length > 80 ? `${plain.slice(0, 80)}…` : plain
  }

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        <SearchBox placeholder={t('adm.dictionary.text.keyword')} onSearch={(k) => q.setFilters({ keyword: k || undefined })} testId="text-search" />
        <Permission name="add">
          <Button type="primary" onClick={() => open('new')} data-testid="text-add">
            {t('adm.dictionary.text.add')}
          </Button>
        </Permission>
      </div>
      <ListTable<SiteTextRow>
        list={q}
        rowKey="code"
        onRow={(row) => ({ 'data-testid': `text-row-${row.code}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('adm.dictionary.code'), dataIndex: 'code', key: 'code', sorter: true, width: 180, render: (v) => <code>{v}</code> },
          { title: t('adm.dictionary.text.title'), key: lang === 'zh' ? 'titleZh' : 'titleEn', dataIndex: lang === 'zh' ? 'titleZh' : 'titleEn', sorter: true, width: 220 },
          { title: t('adm.dictionary.text.content'), key: 'content', render: (_, r) => <span style={{ color: '#666' }}>{excerpt(lang === 'zh' ? r.contentZh : r.contentEn)}</span> },
          { title: t('adm.dictionary.text.version'), dataIndex: 'version', key: 'version', width: 80, render: (v) => `v${v}` },
          { title: t('adm.dictionary.text.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', sorter: true, width: 170, render: (v) => formatTime(v) },
          {
            title: t('adm.table.actions'),
            key: 'actions',
            width: 100,
            render: (_, r) => <EditLink onClick={() => open(r)} testId={`text-edit-${r.code}`} />,
          },
        ]}
      />
      <FormDrawer
        open={!!editing}
        width={960}
        title={editing === 'new' ? t('adm.dictionary.text.add') : t('adm.dictionary.text.edit')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        onSave={() => void save()}
        saving={saving}
        saveTestId="text-save"
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={initial} key={editing === 'new' ? 'new' : (editing?.code ?? 'none')}>
          <Form.Item name="code" label={t('adm.dictionary.code')} extra={editing === 'new' ? t('adm.dictionary.text.codeHint') : undefined} rules={[{ required: true, pattern: /^[a-z_]{1,50}$/, message: t('adm.dictionary.text.codeRule') }]}>
            <Input disabled={editing !== 'new'} data-testid="text-form-code" />
          </Form.Item>
          <Space size={16} style={{ display: 'flex' }} styles={{ item: { flex: 1 } }}>
            <Form.Item name="titleZh" label={t('adm.dictionary.text.titleZh')} rules={[{ required: true, whitespace: true, max: 200, message: t('adm.dictionary.nameRule') }]}>
              <Input data-testid="text-form-title-zh" />
            </Form.Item>
            <Form.Item name="titleEn" label={t('adm.dictionary.text.titleEn')} rules={[{ required: true, whitespace: true, max: 200, message: t('adm.dictionary.nameRule') }]}>
              <Input data-testid="text-form-title-en" />
            </Form.Item>
          </Space>
          <Form.Item name="contentZh" label={t('adm.dictionary.text.contentZh')} rules={[{ required: true, whitespace: true, message: t('adm.dictionary.text.contentRule') }]}>
            <ContentField format={formats.zh} onFormat={(f) => setFormats((x) => ({ ...x, zh: f }))} testId="text-form-content-zh" />
          </Form.Item>
          <Form.Item name="contentEn" label={t('adm.dictionary.text.contentEn')} rules={[{ required: true, whitespace: true, message: t('adm.dictionary.text.contentRule') }]}>
            <ContentField format={formats.en} onFormat={(f) => setFormats((x) => ({ ...x, en: f }))} testId="text-form-content-en" />
          </Form.Item>
          {editing && editing !== 'new' ? (
            <Form.Item
              name="publishVersion"
              valuePropName="checked"
              extra={`${t('adm.dictionary.text.currentVersion', { version: editing.version })} · ${t('adm.dictionary.text.publishVersionHint')}`}
            >
              <Checkbox data-testid="text-form-publish-version">{t('adm.dictionary.text.publishVersion')}</Checkbox>
            </Form.Item>
          ) : null}
        </Form>
      </FormDrawer>
    </>
  )
}

function Translations() {
  const { t } = useTranslation()
  const q = useTableList<TranslationRow>(listTranslations, { lang: 'zh-cn' })
  const [editing, setEditing] = useState<TranslationRow | null>(null)
  const [value, setValue] = useState('')
  const save = async () => {
    if (!editing) return
    const env = await saveTranslation(q.filters.lang as TranslationLang, editing.key, value)
    if (env.code !== 200) return
    feedback().success(t('adm.dictionary.saved'))
    setEditing(null)
    q.reload()
  }
  return (
    <>
      <div style={{ color: '#888', marginBottom: 12 }}>{t('adm.dictionary.translation.hint')}</div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select<TranslationLang>
          value={q.filters.lang as TranslationLang}
          style={{ width: 140 }}
          onChange={(v) => q.setFilters({ lang: v })}
          options={[
            { value: 'zh-cn', label: t('adm.dictionary.translation.zh') },
            { value: 'en', label: t('adm.dictionary.translation.en') },
          ]}
          data-testid="translation-lang"
        />
        <SearchBox placeholder={t('adm.dictionary.translation.keyword')} onSearch={(k) => q.setFilters({ keyword: k || undefined })} testId="translation-search" />
        <Checkbox checked={!!q.filters.overridden} onChange={(e) => q.setFilters({ overridden: e.target.checked || undefined })} data-testid="translation-overridden">
          {t('adm.dictionary.translation.onlyOverridden')}
        </Checkbox>
      </Space>
      <ListTable<TranslationRow>
        list={q}
        rowKey="key"
        size="middle"
        sort={false}
        columns={[
          { title: t('adm.dictionary.translation.key'), dataIndex: 'key', width: 300, render: (v) => <code style={{ fontSize: 12 }}>{v}</code> },
          { title: t('adm.dictionary.translation.base'), dataIndex: 'base' },
          { title: t('adm.dictionary.translation.override'), dataIndex: 'override', render: (v) => (v === null ? '—' : <Typography.Text mark>{v}</Typography.Text>) },
          {
            title: t('adm.table.actions'),
            key: 'actions',
            width: 100,
            render: (_, r) => (
              <EditLink
                onClick={() => {
                  setEditing(r)
                  setValue(r.override ?? r.base)
                }}
                testId={`translation-edit-${r.key}`}
              />
            ),
          },
        ]}
      />
      <FormModal open={!!editing} title={editing?.key} onSave={() => void save()} onCancel={() => setEditing(null)} saveTestId="translation-save">
        <div style={{ color: '#888', marginBottom: 8 }}>
          {t('adm.dictionary.translation.base')}: {editing?.base || '—'}
        </div>
        <Input.TextArea value={value} onChange={(e) => setValue(e.target.value)} autoSize={{ minRows: 3 }} data-testid="translation-value" />
        <div style={{ color: '#888', marginTop: 8 }}>{t('adm.dictionary.translation.clearHint')}</div>
      </FormModal>
    </>
  )
}

export default function TextView({ lang }: ViewProps) {
  const { t } = useTranslation()
  return (
    <Card data-testid="text-view">
      <Tabs
        items={[
          { key: 'texts', label: t('adm.dictionary.text.tab'), children: <SiteTexts lang={lang} /> },
          { key: 'translations', label: <span data-testid="translation-tab">{t('adm.dictionary.translation.tab')}</span>, children: <Translations /> },
        ]}
      />
    </Card>
  )
}
