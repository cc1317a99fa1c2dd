/**
 * A project's edit drawer: name, organisation (organizers: their own only), field, stage, funding sought,
 * summary, description, city, attachments, contact, the competitions and parks it joins.
 */
import React, { useCallback } from 'react'
import { Col, Form, Input, Row, Select, Spin, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { COMPETITION_LIMITS, type AdminProjectDetail, type AdminProjectInput } from '@contracts/admin-competition'
import { projectDetail, projectOptions, saveProject } from '../../api/competition'
import { BilingualInput } from '../../components/bilingual-input'
import { RichTextEditor } from '../../components/rich-text-editor'
import { feedback } from '../../core/feedback'
import { FormDrawer } from '../common/form-dialogs'
import { useBusy } from '../common/use-busy'
import { useFormRecord } from '../common/use-form-record'
import { useLoaded } from '../common/use-loaded'
import { ImageListInput, pick } from './competition-common'

type Values = Required<AdminProjectInput>

export function ProjectDrawer({ id, open, lang, onClose, onSaved }: { id: number | null; open: boolean; lang: 'zh' | 'en'; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [saving, whileSaving] = useBusy()
  const options = useLoaded(projectOptions, open)
  const toValues = useCallback((d: AdminProjectDetail): Values => d, [])
  const loading = useFormRecord(form, open, id, projectDetail, toValues)
  const organizations = options?.organizations ?? []

  const submit = async () => {
    const v = await form.validateFields()
    await whileSaving(async () => {
      const env = await saveProject({
        ...(id ? { id } : {}),
        ...v,
        attachments: v.attachments ?? [],
        competitionIds: v.competitionIds ?? [],
      })
      if (env.code === 200) {
        feedback().success(t('adm.competition.action.saved'))
        onSaved()
      }
    })
  }
  const required = [{ required: true, message: t('adm.competition.validate.required') }]

  return (
    <FormDrawer
      open={open}
      width={980}
      title={id ? t('adm.competition.project.edit') : t('adm.competition.project.add')}
      onClose={onClose}
      onSave={() => void submit().catch((e) => console.warn('[admin] project save failed', e))}
      saving={saving}
      saveTestId="project-save"
      data-testid="project-drawer"
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={{ attachments: [], competitionIds: [] }}>
          <BilingualInput names={['titleZh', 'titleEn']} label={t('adm.competition.project.name')} required maxLength={200} testId="project-title" />
          <Row gutter={16}>
            <Col span={8}>
              {/* one organisation in scope (an organizer): the server files the project under it when none is chosen */}
              <Form.Item
                name="organizationId"
                label={t('adm.competition.project.organization')}
                rules={organizations.length > 1 ? required : []}
                extra={organizations.length === 1 ? t('adm.competition.project.organizationHint') : undefined}
              >
                <Select showSearch optionFilterProp="label" options={organizations.map((o) => ({ value: o.id, label: pick(lang, o.nameZh, o.nameEn) }))} data-testid="project-org" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="fieldCode" label={t('adm.competition.project.field')} rules={required}>
                <Select showSearch optionFilterProp="label" options={(options?.fields ?? []).map((f) => ({ value: f.code, label: pick(lang, f.nameZh, f.nameEn) }))} data-testid="project-field" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="fundingSought" label={t('adm.competition.project.funding')}>
                <Input maxLength={200} placeholder={t('adm.competition.project.fundingPlaceholder')} data-testid="project-funding" />
              </Form.Item>
            </Col>
          </Row>
          <BilingualInput names={['stageZh', 'stageEn']} label={t('adm.competition.project.stage')} maxLength={100} testId="project-stage" />
          <BilingualInput names={['summaryZh', 'summaryEn']} label={t('adm.competition.project.summary')} textarea rows={2} maxLength={1000} testId="project-summary" />
          <BilingualInput names={['cityZh', 'cityEn']} label={t('adm.competition.project.city')} maxLength={50} />
          <Form.Item name="competitionIds" label={t('adm.competition.project.competitions')}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={(options?.competitions ?? []).map((c) => ({ value: c.id, label: `${pick(lang, c.titleZh, c.titleEn)} · ${t(`adm.competition.kind.${c.kind}`)}` }))}
              data-testid="project-competitions"
            />
          </Form.Item>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="contactName" label={t('adm.competition.project.contactName')}>
                <Input maxLength={100} data-testid="project-contact-name" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="contactPhone" label={t('adm.competition.project.contactPhone')}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="contactEmail" label={t('adm.competition.project.contactEmail')} rules={[{ type: 'email', message: t('adm.competition.validate.required') }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="attachments" label={t('adm.competition.project.attachments')} extra={t('adm.competition.project.attachmentsHint')}>
            <ImageListInput max={COMPETITION_LIMITS.attachments} addLabel={t('adm.competition.project.addAttachment')} testId="project-attachments" />
          </Form.Item>
          <Tabs
            items={(['zh', 'en'] as const).map((l) => ({
              key: l,
              forceRender: true,
              label: t(l === 'zh' ? 'adm.cms.lang.labelZh' : 'adm.cms.lang.labelEn', { label: t('adm.competition.project.description') }),
              children: (
                <Form.Item name={l === 'zh' ? 'contentZh' : 'contentEn'} noStyle>
                  <RichTextEditor data-testid={`project-content-${l}`} />
                </Form.Item>
              ),
            }))}
          />
        </Form>
      </Spin>
    </FormDrawer>
  )
}
