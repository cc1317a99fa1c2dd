/** 'home/index': welcome card with the signed-in identity and the views this role can open. */
import React from 'react'
import { Card, Col, Row, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { getUserInfo } from '../../../shared/storage'
import type { ViewProps } from '../registry'
import { titleIn } from '../../core/menu-routes'

export default function HomeView({ routes, open, lang }: ViewProps) {
  const { t } = useTranslation()
  const user = getUserInfo()
  const roles: string[] = []
  if (user?.ouserId) roles.push(t('adm.homeView.organizer'))
  if (user?.auserId) roles.push(t('adm.homeView.operations'))
  if (user?.kefuId) roles.push(t('adm.homeView.kefu'))
  const views = routes.filter((r) => r.component && r.component !== 'home/index')
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('adm.homeView.welcome', { name: user?.nickName || user?.email || '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('adm.homeView.intro')}</Typography.Paragraph>
        <Space>
          <Typography.Text>{t('adm.homeView.roles')}:</Typography.Text>
          {roles.map((r) => (
            <Tag color="blue" key={r}>
              {r}
            </Tag>
          ))}
          {user?.email ? <Typography.Text type="secondary">{user.email}</Typography.Text> : null}
        </Space>
      </Card>
      {views.length ? (
        <Card title={t('adm.homeView.entries')}>
          <Row gutter={[16, 16]}>
            {views.map((r) => (
              <Col span={6} key={r.path}>
                <Card hoverable size="small" onClick={() => open(r.path)}>
                  <Typography.Text strong>{titleIn(r, lang)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">/admin{r.path}</Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
        </Card>
      ) : null}
    </Space>
  )
}
