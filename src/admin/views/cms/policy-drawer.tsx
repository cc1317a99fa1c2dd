/**
 * A policy's edit drawer: level, category, city, issuer, rich content in both languages and the publish
 * time (publishing queues the subscribers' digest).
 */
import React from 'react'
import { DatePicker, Form, Select, Space, Spin, Tabs } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { AdminPolicyDetail } from '@contracts/admin-cms'
import type { PolicyLevel } from '@contracts/policy'
import { policyCategories, policyDetail, savePolicy } from '../../api/cms'
import { BilingualInput } from '../../components/bilingual-input'
import { RichTextEditor } from '../../components/rich-text-editor'
import { feedback } from '../../core/feedback'
import { useBusy } from '../common/use-busy'
import { useLoaded } from '../common/use-loaded'
import { useFormRecord } from '../common/use-form-record'
import { FormDrawer } from '../common/form-dialogs'
import { pick, withPickerTime } from './cms-common'

export const LEVELS: PolicyLevel[] = ['national', 'provincial', 'municipal', 'district']

type Values = Omit<AdminPolicyDetail, 'id' | 'status' | 'rules' | 'publishedAt'> & { publishedAt?: Dayjs | null }

export function PolicyDrawer({ id, open, lang, onClose, onSaved }: { id: number | null; open: boolean; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [saving, whileSaving] = useBusy()
  // the policy categories, once (they change rarely)
  const categories = useLoaded(policyCategories, open) ?? []
  const loading = useFormRecord(form, open, id, policyDetail, withPickerTime)

  const submit = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const data = {
        ...v,
        summaryZh: v.summaryZh ?? '',
        summaryEn: v.summaryEn ?? '',
        cityZh: v.cityZh ?? '',
        cityEn: v.cityEn ?? '',
        issuerZh: v.issuerZh ?? '',
        issuerEn: v.issuerEn ?? '',
        contentZh: v.contentZh ?? '',
        contentEn: v.contentEn ?? '',
        categoryCode: v.categoryCode ?? null,
        publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
        ...(id ? { id } : {}),
      }
      if ((await savePolicy(data)).code === 200) {
        feedback().success(t('adm.cms.saved'))
        onSaved()
      }
    })
  }

  return (
    <FormDrawer
      open={open}
      width={980}
      title={id ? t('adm.cms.policy.edit') : t('adm.cms.policy.add')}
      onClose={onClose}
      data-testid="cms-policy-drawer"
      onSave={() => void submit().catch((e) => console.warn('[admin] policy save failed', e))}
      saving={saving}
      saveTestId="cms-policy-save"
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={{ level: 'municipal' }}>
          <BilingualInput names={['titleZh', 'titleEn']} label={t('adm.cms.field.title')} required maxLength={200} testId="cms-policy-title" />
          <BilingualInput names={['summaryZh', 'summaryEn']} label={t('adm.cms.field.summary')} textarea rows={2} maxLength={1000} />
          <Space align="start" size={24} wrap>
            <Form.Item name="level" label={t('adm.cms.policy.level')} style={{ width: 200 }} rules={[{ required: true, message: t('adm.cms.validate.required') }]}>
              <Select options={LEVELS.map((l) => ({ value: l, label: t(`adm.cms.policy.levels.${l}`) }))} />
            </Form.Item>
            <Form.Item name="categoryCode" label={t('adm.cms.field.category')} style={{ width: 240 }}>
              <Select allowClear options={categories.map((c) => ({ value: c.code, label: pick(lang, c.nameZh, c.nameEn) }))} />
            </Form.Item>
            <Form.Item name="publishedAt" label={t('adm.cms.field.publishedAt')}>
              <DatePicker showTime />
            </Form.Item>
          </Space>
          <BilingualInput names={['cityZh', 'cityEn']} label={t('adm.cms.policy.city')} maxLength={50} />
          <BilingualInput names={['issuerZh', 'issuerEn']} label={t('adm.cms.policy.issuer')} maxLength={100} />
          <Tabs
            items={(['zh', 'en'] as const).map((l) => ({
              key: l,
              forceRender: true,
              label: t(l === 'zh' ? 'adm.cms.lang.labelZh' : 'adm.cms.lang.labelEn', { label: t('adm.cms.field.content') }),
              children: (
                <Form.Item name={l === 'zh' ? 'contentZh' : 'contentEn'} noStyle>
                  <RichTextEditor data-testid={`cms-policy-content-${l}`} />
                </Form.Item>
              ),
            }))}
          />
        </Form>
      </Spin>
    </FormDrawer>
  )
}

