/** Step "basic": titles, type, organisation (operations), categories, tags, poster, banner and the number of places. */
import React from 'react'
import { Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { ACTIVITY_TYPES, type AdminActivityOptions } from '@contracts/admin-activity'
import { ImageUpload } from '../../../components/image-upload'
import { HALF, type NameOf } from './layout'

export function BasicStep({ options, name }: { options: AdminActivityOptions | null; name: NameOf }) {
  const { t } = useTranslation()
  const categoryOptions = (options?.categories ?? []).map((c) => ({ value: c.code, label: <span data-testid={`act-pub-category-${c.code}`}>{name(c)}</span> }))
  return (
    <>
      <Row gutter={24}>
        <Col {...HALF}>
          <Form.Item name="titleZh" label={t('adm.activity.field.titleZh')} required>
            <Input maxLength={200} showCount data-testid="act-pub-title-zh" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="titleEn" label={t('adm.activity.field.titleEn')} required>
            <Input maxLength={300} showCount data-testid="act-pub-title-en" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col {...HALF}>
          <Form.Item name="type" label={t('adm.activity.field.type')}>
            <Radio.Group optionType="button" buttonStyle="solid">
              {ACTIVITY_TYPES.map((ty) => (
                <Radio.Button key={ty} value={ty}>
                  <span data-testid={`act-pub-type-${ty}`}>{t(`adm.activity.type.${ty}`)}</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col {...HALF}>
          {(options?.organizations.length ?? 0) > 1 && (
            <Form.Item name="organizationId" label={t('adm.activity.field.organization')} required>
              <Select showSearch optionFilterProp="label" options={(options?.organizations ?? []).map((o) => ({ value: o.id, label: name(o) }))} data-testid="act-pub-org" />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Form.Item name="categoryCodes" label={t('adm.activity.field.categories')}>
        <Checkbox.Group options={categoryOptions} />
      </Form.Item>
      <Row gutter={24}>
        <Col {...HALF}>
          <Form.Item name="tagsZh" label={t('adm.activity.field.tagsZh')} extra={t('adm.activity.field.tagsHint')}>
            <Input data-testid="act-pub-tags-zh" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="tagsEn" label={t('adm.activity.field.tagsEn')} extra={t('adm.activity.field.tagsHint')}>
            <Input data-testid="act-pub-tags-en" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} xl={8}>
          <Form.Item name="posterUrl" label={t('adm.activity.field.poster')}>
            <ImageUpload kind="image" hint={t('adm.activity.field.posterHint')} data-testid="act-pub-poster" />
          </Form.Item>
        </Col>
        <Col xs={24} xl={8}>
          <Form.Item name="bannerUrl" label={t('adm.activity.field.banner')}>
            <ImageUpload kind="image" hint={t('adm.activity.field.bannerHint')} data-testid="act-pub-banner" />
          </Form.Item>
        </Col>
        <Col xs={24} xl={8}>
          <Form.Item name="peopleCount" label={t('adm.activity.field.peopleCount')} extra={t('adm.activity.field.peopleHint')}>
            <InputNumber min={0} max={1000000} precision={0} style={{ width: 200 }} data-testid="act-pub-people" />
          </Form.Item>
        </Col>
      </Row>
    </>
  )
}
