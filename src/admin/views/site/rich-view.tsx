/**
 * 'cms/rich/list': the rich content "modules and tabs" — the about page (intro rich text, the common
 * date list = timeline, swiper images) and the returning-home services (one tab per service). Each
 * module is saved as a whole (button 'edit'); the server sanitizes the intro and strips tags elsewhere.
 */
import React, { useEffect, useState } from 'react'
import { Button, Card, Col, Empty, Form, Input, Row, Space, Spin, Tabs, Typography } from 'antd'
import type { FormInstance } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useBusy } from '../common/use-busy'
import type { RepatriationDoc, WebsiteDoc } from '@contracts/admin-site'
import { repatriationDoc, saveRepatriationDoc, saveWebsiteDoc, websiteDoc } from '../../api/site'
import type { Envelope } from '../../api/client'
import { ImageUpload } from '../../components/image-upload'
import { RichTextEditor } from '../../components/rich-text-editor'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import type { ViewProps } from '../view-props'

function useDoc<T>(load: () => Promise<Envelope<T>>) {
  const [doc, setDoc] = useState<T | null>(null)
  const [tick, setTick] = useState(0)
  useEffect(() => {
    let alive = true
    load().then((env) => alive && env.code === 200 && setDoc(env.result))
    return () => {
      alive = false
    }
  }, [load, tick])
  return { doc, reload: () => setTick((n) => n + 1) }
}

/** the module's answer: success says so; a 301 marks the field it names (e.g. swiper.2.imageUrl) */
async function saveDoc(pending: Promise<Envelope<unknown>>, t: (k: string) => string, form: FormInstance<any>) {
  const env = await pending
  if (env.code === 200) {
    void feedback().success(t('adm.site.saved'))
    return true
  }
  const field = (env.result as { field?: string } | null)?.field
  if (env.code === 301 && field) {
    const path = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))
    form.setFields([{ name: path, errors: [t('adm.site.invalid')] }])
  }
  return false
}

/** the row controls of an ordered list: up, down, remove */
function RowMoves({ index, count, move, remove, testid }: { index: number; count: number; move: (from: number, to: number) => void; remove: (i: number) => void; testid: string }) {
  const { t } = useTranslation()
  return (
    <Space size={2}>
      <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} title={t('adm.site.rich.up')} />
      <Button size="small" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} title={t('adm.site.rich.down')} />
      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(index)} title={t('adm.site.delete')} data-testid={`${testid}-remove-${index}`} />
    </Space>
  )
}

function WebsiteModule({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation()
  const { doc, reload } = useDoc(websiteDoc)
  const [form] = Form.useForm<WebsiteDoc>()
  const [busy, whileBusy] = useBusy()
  useEffect(() => {
    if (doc) form.setFieldsValue(doc)
  }, [doc, form])
  if (!doc) return <Spin />

  const save = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    await whileBusy(async () => {
      if (await saveDoc(saveWebsiteDoc({ ...v, timeline: v.timeline ?? [], swiper: v.swiper ?? [] }), t, form)) reload()
    })
  }
  const sortTimeline = () => {
    const list = [...(form.getFieldValue('timeline') ?? [])] as WebsiteDoc['timeline']
    list.sort((a, b) => String(a?.year ?? '').localeCompare(String(b?.year ?? '')))
    form.setFieldValue('timeline', list)
  }

  return (
    <Form form={form} layout="vertical" disabled={!canEdit} data-testid="site-rich-website">
      <Typography.Title level={5}>{t('adm.site.rich.intro')}</Typography.Title>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="introZh" label={t('adm.site.lang.zh', { label: t('adm.site.rich.intro') })}>
            <RichTextEditor data-testid="site-rich-introZh" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="introEn" label={t('adm.site.lang.en', { label: t('adm.site.rich.intro') })}>
            <RichTextEditor data-testid="site-rich-introEn" />
          </Form.Item>
        </Col>
      </Row>

      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5}>{t('adm.site.rich.timeline')}</Typography.Title>
        <Button size="small" icon={<SortAscendingOutlined />} onClick={sortTimeline}>
          {t('adm.site.rich.sortByDate')}
        </Button>
      </Space>
      <Form.List name="timeline">
        {(fields, { add, remove, move }) => (
          <>
            {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            {fields.map((f, i) => (
              <Row gutter={8} key={f.key} align="top" data-testid={`site-rich-timeline-${i}`}>
                <Col span={3}>
                  <Form.Item name={[f.name, 'year']} rules={[{ required: true, whitespace: true, message: t('adm.site.required') }]}>
                    <Input placeholder={t('adm.site.rich.year')} maxLength={20} data-testid={`site-rich-year-${i}`} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'titleZh']}>
                    <Input placeholder={t('adm.site.lang.zh', { label: t('adm.site.field.title') })} maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[f.name, 'titleEn']}>
                    <Input placeholder={t('adm.site.lang.en', { label: t('adm.site.field.title') })} maxLength={100} data-testid={`site-rich-titleEn-${i}`} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[f.name, 'textZh']}>
                    <Input.TextArea rows={1} placeholder={t('adm.site.lang.zh', { label: t('adm.site.rich.text') })} maxLength={1000} />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  <Form.Item name={[f.name, 'textEn']}>
                    <Input.TextArea rows={1} placeholder={t('adm.site.lang.en', { label: t('adm.site.rich.text') })} maxLength={1000} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <RowMoves index={i} count={fields.length} move={move} remove={remove} testid="site-rich-timeline" />
                </Col>
              </Row>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ year: '', titleZh: '', titleEn: '', textZh: '', textEn: '' }, 0)} data-testid="site-rich-timeline-add">
              {t('adm.site.rich.addDate')}
            </Button>
          </>
        )}
      </Form.List>

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('adm.site.rich.swiper')}
      </Typography.Title>
      <Form.List name="swiper">
        {(fields, { add, remove, move }) => (
          <>
            <Row gutter={[16, 16]}>
              {fields.map((f, i) => (
                <Col span={8} key={f.key}>
                  <Card size="small" extra={<RowMoves index={i} count={fields.length} move={move} remove={remove} testid="site-rich-swiper" />}>
                    <Form.Item name={[f.name, 'imageUrl']} rules={[{ required: true, message: t('adm.site.required') }]}>
                      <ImageUpload kind="image" hint={t('adm.site.hint.swiper')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'captionZh']}>
                      <Input placeholder={t('adm.site.lang.zh', { label: t('adm.site.rich.caption') })} maxLength={200} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'captionEn']} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('adm.site.lang.en', { label: t('adm.site.rich.caption') })} maxLength={200} />
                    </Form.Item>
                  </Card>
                </Col>
              ))}
            </Row>
            <Button type="dashed" style={{ marginTop: 12 }} icon={<PlusOutlined />} onClick={() => add({ imageUrl: null, captionZh: '', captionEn: '' })}>
              {t('adm.site.rich.addImage')}
            </Button>
          </>
        )}
      </Form.List>
      {canEdit && (
        <div style={{ marginTop: 24 }}>
          <Button type="primary" loading={busy} onClick={save} data-testid="site-rich-website-save">
            {t('adm.site.save')}
          </Button>
        </div>
      )}
    </Form>
  )
}

type ServiceForm = { services: Array<Omit<RepatriationDoc[number], 'stepsZh' | 'stepsEn'> & { stepsZh: string; stepsEn: string }> }

function RepatriationModule({ canEdit, lang }: { canEdit: boolean; lang: 'zh' | 'en' }) {
  const { t } = useTranslation()
  const { doc, reload } = useDoc(repatriationDoc)
  const [form] = Form.useForm<ServiceForm>()
  const [busy, whileBusy] = useBusy()
  useEffect(() => {
    if (doc) form.setFieldsValue({ services: doc.map((s) => ({ ...s, stepsZh: s.stepsZh.join('\n'), stepsEn: s.stepsEn.join('\n') })) })
  }, [doc, form])
  if (!doc) return <Spin />

  const save = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v) return
    const lines = (s: string) => (s ?? '').split('\n').map((x) => x.trim()).filter(Boolean)
    const services = v.services.map((s) => ({ ...s, stepsZh: lines(s.stepsZh), stepsEn: lines(s.stepsEn) }))
    await whileBusy(async () => {
      if (await saveDoc(saveRepatriationDoc(services), t, form)) reload()
    })
  }

  return (
    <Form form={form} layout="vertical" disabled={!canEdit} data-testid="site-rich-repatriation">
      <Form.List name="services">
        {(fields) => (
          <Tabs
            tabPosition="left"
            items={fields.map((f, i) => ({
              key: String(f.key),
              label: lang === 'en' ? doc[i]?.titleEn || doc[i]?.titleZh : doc[i]?.titleZh || doc[i]?.titleEn,
              forceRender: true,
              children: (
                <>
                  {(['title', 'intro', 'steps'] as const).map((base) => (
                    <Row gutter={16} key={base}>
                      {(['Zh', 'En'] as const).map((sfx) => (
                        <Col span={12} key={sfx}>
                          <Form.Item
                            name={[f.name, `${base}${sfx}`]}
                            label={t(`adm.site.lang.${sfx.toLowerCase()}`, { label: t(`adm.site.rich.${base}`) })}
                            rules={base === 'title' ? [{ required: true, whitespace: true, message: t('adm.site.required') }] : []}
                            extra={base === 'steps' ? t('adm.site.rich.stepsHint') : undefined}
                          >
                            {base === 'title' ? <Input maxLength={100} data-testid={`site-rich-service-${i}-${base}${sfx}`} /> : <Input.TextArea rows={base === 'steps' ? 5 : 3} maxLength={base === 'intro' ? 2000 : 4000} />}
                          </Form.Item>
                        </Col>
                      ))}
                    </Row>
                  ))}
                  <Form.Item name={[f.name, 'imageUrl']} label={t('adm.site.field.imageUrl')}>
                    <ImageUpload kind="image" hint={t('adm.site.hint.cover')} />
                  </Form.Item>
                </>
              ),
            }))}
          />
        )}
      </Form.List>
      {canEdit && (
        <Button type="primary" loading={busy} onClick={save} data-testid="site-rich-repatriation-save">
          {t('adm.site.save')}
        </Button>
      )}
    </Form>
  )
}

export default function RichContentView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const canEdit = usePermission('edit')
  return (
    <Card data-testid="site-rich">
      <Tabs
        items={[
          { key: 'website', label: t('adm.site.rich.website'), children: <WebsiteModule canEdit={canEdit} /> },
          { key: 'repatriation', label: t('adm.site.rich.repatriation'), children: <RepatriationModule canEdit={canEdit} lang={lang} /> },
        ]}
      />
    </Card>
  )
}
