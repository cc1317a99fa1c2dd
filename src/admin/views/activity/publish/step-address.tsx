/** Step "address": start and end (in the first address's zone) and the addresses with country and time zone. */
import React from 'react'
import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { TIME_ZONES, type AdminActivityOptions } from '@contracts/admin-activity'
import { NEW_ADDRESS } from './publish-values'
import { HALF, TIME_PICKER, type NameOf } from './layout'

export function AddressStep({ options, name, firstTz }: { options: AdminActivityOptions | null; name: NameOf; firstTz: string | undefined }) {
  const { t } = useTranslation()
  const countryOptions = (options?.countries ?? []).map((c) => ({ value: c.code, label: `${name(c)} (${c.code})` }))
  const tzOptions = (options?.timeZones ?? TIME_ZONES).map((z) => ({ value: z, label: z }))
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('adm.activity.field.timesInZone', { tz: firstTz || 'UTC' })} />
      <Row gutter={24}>
        <Col {...HALF}>
          <Form.Item name="start" label={t('adm.activity.field.start')} required>
            <DatePicker {...TIME_PICKER} data-testid="act-pub-start" />
          </Form.Item>
        </Col>
        <Col {...HALF}>
          <Form.Item name="end" label={t('adm.activity.field.end')} required>
            <DatePicker {...TIME_PICKER} data-testid="act-pub-end" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('adm.activity.field.addresses')}</Typography.Title>
      <Form.List name="addresses">
        {(list, { add, remove }) => (
          <>
            {list.map((item, i) => (
              <Card key={item.key} size="small" style={{ marginBottom: 12 }} title={t('adm.activity.field.addressN', { n: i + 1 })} data-testid={`act-pub-address-${i}`}
                extra={<Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} data-testid={`act-pub-address-${i}-remove`}>{t('adm.activity.action.delete')}</Button>}
              >
                <Row gutter={16}>
                  <Col span={6}>
                    <Form.Item name={[item.name, 'country']} label={t('adm.activity.field.country')} required>
                      <Select showSearch optionFilterProp="label" options={countryOptions} data-testid={`act-pub-address-${i}-country`} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[item.name, 'timeZone']} label={t('adm.activity.field.timeZone')} required>
                      <Select showSearch options={tzOptions} data-testid={`act-pub-address-${i}-tz`} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[item.name, 'cityZh']} label={t('adm.activity.field.cityZh')}>
                      <Input data-testid={`act-pub-address-${i}-city-zh`} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[item.name, 'cityEn']} label={t('adm.activity.field.cityEn')}>
                      <Input data-testid={`act-pub-address-${i}-city-en`} />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name={[item.name, 'addressZh']} label={t('adm.activity.field.addressZh')}>
                      <Input data-testid={`act-pub-address-${i}-addr-zh`} />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name={[item.name, 'addressEn']} label={t('adm.activity.field.addressEn')}>
                      <Input data-testid={`act-pub-address-${i}-addr-en`} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            ))}
            {!list.length && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('adm.activity.rule.address')} />}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_ADDRESS })} data-testid="act-pub-address-add">
              {t('adm.activity.field.addAddress')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  )
}
