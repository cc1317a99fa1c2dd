/** Step "interest": the highlights, one line each, in both languages. */
import React from 'react'
import { Button, Col, Form, Input, Row, Space, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { HALF } from './layout'

export function InterestStep() {
  const { t } = useTranslation()
  return (
    <Row gutter={24}>
      {(['Zh', 'En'] as const).map((l) => (
        <Col {...HALF} key={l}>
          <Typography.Title level={5}>{t(`adm.activity.field.highlights${l}`)}</Typography.Title>
          <Form.List name={`highlights${l}`}>
            {(list, { add, remove }) => (
              <>
                {list.map((item, i) => (
                  <Space key={item.key} style={{ display: 'flex', marginBottom: 8 }} align="baseline">
                    <Form.Item name={item.name} noStyle>
                      <Input style={{ width: 480 }} maxLength={l === 'Zh' ? 300 : 600} data-testid={`act-pub-highlight-${l.toLowerCase()}-${i}`} />
                    </Form.Item>
                    <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label={t('adm.activity.action.delete')} data-testid={`act-pub-highlight-${l.toLowerCase()}-${i}-remove`} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} data-testid={`act-pub-highlight-${l.toLowerCase()}-add`}>
                  {t('adm.activity.field.addHighlight')}
                </Button>
              </>
            )}
          </Form.List>
        </Col>
      ))}
    </Row>
  )
}
