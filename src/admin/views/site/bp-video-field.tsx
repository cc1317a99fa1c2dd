/**
 * The roadshow project's BP video: connect an existing video (select item), or upload the pitch here —
 * it becomes a published bp video (titles from the project, cover from a frame or an image) and is
 * connected at once.
 */
import React, { useState } from 'react'
import { Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { BpVideoInput } from '@contracts/admin-site'
import { addBpVideo } from '../../api/site'
import { ImageUpload } from '../../components/image-upload'
import { VideoUpload } from '../../components/video-upload'
import type { Lang, Option } from './crud-config'
import { pick } from './crud-config'

export function BpVideoField({
  value,
  onChange,
  options,
  lang,
  ...rest
}: {
  value?: number | null
  onChange?: (id: number | null) => void
  options: Option[]
  lang: Lang
  'data-testid'?: string
}) {
  const { t } = useTranslation()
  const project = Form.useFormInstance()
  const [form] = Form.useForm<BpVideoInput>()
  const [open, setOpen] = useState(false)
  const [saving, setSaving] = useState(false)
  const [added, setAdded] = useState<Option[]>([])
  const testId = rest['data-testid'] || 'bp-video'

  const start = () => {
    const title = (suffix: 'Zh' | 'En') => project.getFieldValue(`title${suffix}`) || ''
    form.setFieldsValue({ titleZh: title('Zh'), titleEn: title('En'), videoUrl: '', coverUrl: null, durationSeconds: 0 })
    setOpen(true)
  }
  const save = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    setSaving(true)
    try {
      const env = await addBpVideo(v)
      if (env.code === 200) {
        setAdded((a) => [...a, { value: env.result.id, label: `${pick(env.result, 'title', lang)} (#${env.result.id})` }])
        onChange?.(env.result.id)
        setOpen(false)
      } else if (env.code === 301) {
        const field = (env.result as { field?: string } | null)?.field
        if (field) form.setFields([{ name: field as keyof BpVideoInput, errors: [t('adm.site.invalid')] }])
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          value={value ?? undefined}
          onChange={(v) => onChange?.(v ?? null)}
          options={[...options, ...added.filter((a) => !options.some((o) => o.value === a.value))]}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          data-testid={testId}
        />
        <Button icon={<UploadOutlined />} onClick={start} data-testid={`${testId}-upload`}>
          {t('adm.content.bp.upload')}
        </Button>
      </Space.Compact>
      <Modal
        open={open}
        width={640}
        title={t('adm.content.bp.title')}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        okText={t('adm.action.save')}
        cancelText={t('adm.action.cancel')}
        confirmLoading={saving}
        okButtonProps={{ 'data-testid': `${testId}-save` } as React.ComponentProps<typeof Button>}
        forceRender
        maskClosable={false}
      >
        <Form form={form} layout="vertical" data-testid={`${testId}-form`}>
          <Space.Compact block>
            <Form.Item name="titleZh" label={t('adm.site.lang.zh', { label: t('adm.site.field.title') })} rules={[{ required: true, whitespace: true, max: 200 }]} style={{ flex: 1, marginRight: 8 }}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="titleEn" label={t('adm.site.lang.en', { label: t('adm.site.field.title') })} rules={[{ required: true, whitespace: true, max: 200 }]} style={{ flex: 1 }}>
              <Input maxLength={200} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="videoUrl" label={t('adm.site.field.videoUrl')} rules={[{ required: true, message: t('adm.site.required') }]}>
            <VideoUpload coverField="coverUrl" durationField="durationSeconds" data-testid={`${testId}-file`} />
          </Form.Item>
          <Form.Item name="coverUrl" label={t('adm.site.field.coverUrl')}>
            <ImageUpload kind="videoCover" hint={t('adm.site.hint.videoCover')} data-testid={`${testId}-cover`} />
          </Form.Item>
          <Form.Item name="durationSeconds" label={t('adm.site.field.durationSeconds')}>
            <InputNumber min={0} max={86400} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
