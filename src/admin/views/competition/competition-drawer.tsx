/**
 * The edit drawer of a competition or park: kind, title / summary / content in both languages, cover,
 * banners (at least one — the server refuses none with 301 naming `banners`), time window.
 */
import React, { useCallback } from 'react'
import { DatePicker, Form, Radio, Space, Spin, Tabs } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { COMPETITION_KINDS, COMPETITION_LIMITS, type AdminCompetitionDetail, type AdminCompetitionInput } from '@contracts/admin-competition'
import { competitionDetail, saveCompetition } from '../../api/competition'
import { BilingualInput } from '../../components/bilingual-input'
import { ImageUpload } from '../../components/image-upload'
import { RichTextEditor } from '../../components/rich-text-editor'
import { feedback } from '../../core/feedback'
import { FormDrawer } from '../common/form-dialogs'
import { useBusy } from '../common/use-busy'
import { useFormRecord } from '../common/use-form-record'
import { ImageListInput } from './competition-common'

/** the saved fields, with the time window as the date pickers hold it */
type Values = Omit<AdminCompetitionInput, 'startTime' | 'endTime'> & { startTime: Dayjs | null; endTime: Dayjs | null }

export function CompetitionDrawer({ id, open, onClose, onSaved }: { id: number | null; open: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [saving, whileSaving] = useBusy()
  const toValues = useCallback(
    (d: AdminCompetitionDetail): Values => ({ ...d, startTime: d.startTime ? dayjs(d.startTime) : null, endTime: d.endTime ? dayjs(d.endTime) : null }),
    [],
  )
  const loading = useFormRecord(form, open, id, competitionDetail, toValues)

  const submit = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await saveCompetition({
        ...(id ? { id } : {}),
        kind: v.kind,
        titleZh: v.titleZh,
        titleEn: v.titleEn,
        summaryZh: v.summaryZh ?? '',
        summaryEn: v.summaryEn ?? '',
        contentZh: v.contentZh ?? '',
        contentEn: v.contentEn ?? '',
        coverUrl: v.coverUrl ?? null,
        banners: v.banners ?? [],
        startTime: v.startTime ? v.startTime.toISOString() : '',
        endTime: v.endTime ? v.endTime.toISOString() : '',
      })
      if (env.code === 200) {
        feedback().success(t('adm.competition.action.saved'))
        onSaved()
      }
    })
  }

  return (
    <FormDrawer
      open={open}
      width={980}
      title={id ? t('adm.competition.action.edit') : t('adm.competition.action.add')}
      onClose={onClose}
      onSave={() => void submit().catch((e) => console.warn('[admin] competition save failed', e))}
      saving={saving}
      saveTestId="comp-save"
      data-testid="comp-drawer"
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={{ kind: 'competition', banners: [] }}>
          <Form.Item name="kind" label={t('adm.competition.kind.label')}>
            <Radio.Group data-testid="comp-kind" options={COMPETITION_KINDS.map((k) => ({ value: k, label: t(`adm.competition.kind.${k}`) }))} optionType="button" />
          </Form.Item>
          <BilingualInput names={['titleZh', 'titleEn']} label={t('adm.competition.field.title')} required maxLength={200} testId="comp-title" />
          <BilingualInput names={['summaryZh', 'summaryEn']} label={t('adm.competition.field.summary')} textarea rows={2} maxLength={1000} testId="comp-summary" />
          <Space align="start" size={24} wrap>
            <Form.Item name="startTime" label={t('adm.competition.field.start')} rules={[{ required: true, message: t('adm.competition.validate.required') }]}>
              <DatePicker showTime format="YYYY-MM-DD HH:mm" data-testid="comp-start" />
            </Form.Item>
            <Form.Item
              name="endTime"
              label={t('adm.competition.field.end')}
              dependencies={['startTime']}
              rules={[
                { required: true, message: t('adm.competition.validate.required') },
                ({ getFieldValue }) => ({
                  validator: (_r, v: Dayjs | null) => {
                    const start = getFieldValue('startTime') as Dayjs | null
                    return !v || !start || !v.isBefore(start) ? Promise.resolve() : Promise.reject(new Error(t('adm.competition.validate.endBeforeStart')))
                  },
                }),
              ]}
            >
              <DatePicker showTime format="YYYY-MM-DD HH:mm" data-testid="comp-end" />
            </Form.Item>
            <Form.Item name="coverUrl" label={t('adm.competition.field.cover')} extra={t('adm.competition.field.coverHint')}>
              <ImageUpload data-testid="comp-cover" />
            </Form.Item>
          </Space>
          <Form.Item
            name="banners"
            label={t('adm.competition.field.banners')}
            extra={t('adm.competition.field.bannersHint')}
            required
            rules={[{ validator: (_r, v: string[] | undefined) => (v && v.length ? Promise.resolve() : Promise.reject(new Error(t('adm.competition.validate.banners')))) }]}
          >
            <ImageListInput max={COMPETITION_LIMITS.banners} addLabel={t('adm.competition.field.addBanner')} testId="comp-banners" />
          </Form.Item>
          <Tabs
            items={(['zh', 'en'] as const).map((l) => ({
              key: l,
              forceRender: true,
              label: t(l === 'zh' ? 'adm.cms.lang.labelZh' : 'adm.cms.lang.labelEn', { label: t('adm.competition.field.content') }),
              children: (
                <Form.Item name={l === 'zh' ? 'contentZh' : 'contentEn'} noStyle>
                  <RichTextEditor data-testid={`comp-content-${l}`} />
                </Form.Item>
              ),
            }))}
          />
        </Form>
      </Spin>
    </FormDrawer>
  )
}
