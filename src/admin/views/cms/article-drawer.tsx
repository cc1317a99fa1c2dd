/**
 * The edit drawer topics and information share: bilingual titles and summaries, tags, cover (ImageUpload),
 * content in both languages (RichTextEditor, sanitized by the server); topics add an order, information a
 * category, source and the publish time (required to publish: the server answers 622 without it).
 */
import React from 'react'
import { DatePicker, Form, InputNumber, Select, Space, Spin, Tabs } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { AdminInformationDetail, AdminTopicDetail, CmsArticleBase } from '@contracts/admin-cms'
import type { Envelope } from '../../api/client'
import { informationCategories, informationDetail, saveInformation, saveTopic, topicDetail } from '../../api/cms'
import { BilingualInput } from '../../components/bilingual-input'
import { ImageUpload } from '../../components/image-upload'
import { RichTextEditor } from '../../components/rich-text-editor'
import { feedback } from '../../core/feedback'
import { useBusy } from '../common/use-busy'
import { useLoaded } from '../common/use-loaded'
import { useFormRecord } from '../common/use-form-record'
import { FormDrawer } from '../common/form-dialogs'
import { TagsSelect, pick, withPickerTime } from './cms-common'

export type ArticleKind = 'topic' | 'information'

interface Values {
  titleZh: string
  titleEn: string
  summaryZh?: string
  summaryEn?: string
  coverUrl?: string | null
  tagsZh?: string[]
  tagsEn?: string[]
  contentZh?: string
  contentEn?: string
  sort?: number
  categoryCode?: string | null
  sourceZh?: string
  sourceEn?: string
  publishedAt?: Dayjs | null
}

const DETAIL: Record<ArticleKind, (id: number) => Promise<Envelope<AdminTopicDetail | AdminInformationDetail>>> = { topic: topicDetail, information: informationDetail }

export function ArticleDrawer({
  kind,
  id,
  open,
  lang,
  onClose,
  onSaved,
}: {
  kind: ArticleKind
  /** null = a new one */
  id: number | null
  open: boolean
  lang: 'zh' | 'en'
  onClose(): void
  onSaved(id: number): void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [saving, whileSaving] = useBusy()
  // the information categories, once (they change rarely)
  const categories = useLoaded(informationCategories, open && kind === 'information') ?? []
  const loading = useFormRecord(form, open, id, DETAIL[kind], withPickerTime)
  const p = `adm.cms.${kind}`

  const submit = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const base: CmsArticleBase = {
        titleZh: v.titleZh,
        titleEn: v.titleEn,
        summaryZh: v.summaryZh ?? '',
        summaryEn: v.summaryEn ?? '',
        coverUrl: v.coverUrl ?? null,
        tagsZh: v.tagsZh ?? [],
        tagsEn: v.tagsEn ?? [],
        contentZh: v.contentZh ?? '',
        contentEn: v.contentEn ?? '',
      }
      const withId = id ? { id } : {}
      const env =
        kind === 'topic'
          ? await saveTopic({ ...base, sort: v.sort ?? 0, ...withId })
          : await saveInformation({
              ...base,
              categoryCode: v.categoryCode ?? null,
              sourceZh: v.sourceZh ?? '',
              sourceEn: v.sourceEn ?? '',
              publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
              ...withId,
            })
      if (env.code === 200 && env.result) {
        feedback().success(t('adm.cms.saved'))
        onSaved(env.result.id)
      }
    })
  }

  return (
    <FormDrawer
      open={open}
      width={980}
      title={id ? t(`${p}.edit`) : t(`${p}.add`)}
      onClose={onClose}
      data-testid={`cms-${kind}-drawer`}
      onSave={() => void submit().catch((e) => console.warn('[admin] cms save failed', e))}
      saving={saving}
      saveTestId={`cms-${kind}-save`}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={{ sort: 0, tagsZh: [], tagsEn: [] }}>
          <BilingualInput names={['titleZh', 'titleEn']} label={t('adm.cms.field.title')} required maxLength={200} testId={`cms-${kind}-title`} />
          <BilingualInput names={['summaryZh', 'summaryEn']} label={t('adm.cms.field.summary')} textarea rows={2} maxLength={1000} />
          <Space align="start" size={24} wrap>
            <Form.Item name="coverUrl" label={t('adm.cms.field.cover')}>
              <ImageUpload kind="image" hint={t('adm.cms.hint.cover')} data-testid={`cms-${kind}-cover`} />
            </Form.Item>
            <Form.Item name="tagsZh" label={t('adm.cms.lang.labelZh', { label: t('adm.cms.field.tags') })} style={{ width: 280 }}>
              <TagsSelect placeholder={t('adm.cms.hint.tags')} />
            </Form.Item>
            <Form.Item name="tagsEn" label={t('adm.cms.lang.labelEn', { label: t('adm.cms.field.tags') })} style={{ width: 280 }}>
              <TagsSelect placeholder={t('adm.cms.hint.tags')} />
            </Form.Item>
            {kind === 'topic' ? (
              <Form.Item name="sort" label={t('adm.cms.field.sort')} tooltip={t('adm.cms.hint.sort')}>
                <InputNumber min={-100000} max={100000} precision={0} />
              </Form.Item>
            ) : null}
          </Space>
          {kind === 'information' ? (
            <>
              <Space align="start" size={24} wrap>
                <Form.Item name="categoryCode" label={t('adm.cms.field.category')} style={{ width: 260 }}>
                  <Select allowClear options={categories.map((c) => ({ value: c.code, label: pick(lang, c.nameZh, c.nameEn) }))} />
                </Form.Item>
                <Form.Item name="publishedAt" label={t('adm.cms.field.publishedAt')} tooltip={t('adm.cms.hint.publishedAt')}>
                  <DatePicker showTime data-testid="cms-information-published-at" />
                </Form.Item>
              </Space>
              <BilingualInput names={['sourceZh', 'sourceEn']} label={t('adm.cms.field.source')} maxLength={100} />
            </>
          ) : null}
          <Tabs
            items={[
              {
                key: 'zh',
                label: t('adm.cms.lang.labelZh', { label: t('adm.cms.field.content') }),
                forceRender: true,
                children: (
                  <Form.Item name="contentZh" noStyle>
                    <RichTextEditor data-testid={`cms-${kind}-content-zh`} />
                  </Form.Item>
                ),
              },
              {
                key: 'en',
                label: t('adm.cms.lang.labelEn', { label: t('adm.cms.field.content') }),
                forceRender: true,
                children: (
                  <Form.Item name="contentEn" noStyle>
                    <RichTextEditor data-testid={`cms-${kind}-content-en`} />
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form>
      </Spin>
    </FormDrawer>
  )
}
