/**
 * 'home/index': the figures a person acts on today (new enrolments, pending approvals, unanswered
 * chats, unread feedback, the 7-day trend — each opening its list when the role has it), then the
 * welcome card with the signed-in identity and the views this role can open. No chart library here:
 * the trend is a few bars of plain markup, and the page is laid out with its own grid (no antd Row,
 * Space, Tag or Tooltip): it is the first view after login, so it carries no component code of its own.
 */
import React, { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getUserInfo } from '../../../shared/storage'
import type { ViewProps } from '../view-props'
import { Paragraph, PlainCard, Statistic, Text, Title3 } from '../../components/plain'
import { titleIn } from '../../core/menu-routes'
import { adminHomeFigures } from '../../api/analysis'
import type { AdminHomeFigures } from '@contracts/analysis'
import './home-view.scss'

/** where each figure leads, when the role has that view */
const LINKS = {
  newEnrollmentsToday: '/activity/enroll',
  pendingApprovals: '/activity/enroll',
  unansweredChats: '/advisor',
  unreadFeedback: '/message/feedback',
  trend: '/analysis',
} as const

function TodayFigures({ routes, open }: Pick<ViewProps, 'routes' | 'open'>) {
  const { t } = useTranslation()
  const [figures, setFigures] = useState<AdminHomeFigures | null>(null)
  // the figures are analysis data: a role without the Analysis view (a service agent) does not ask
  const mayRead = routes.some((r) => r.path === LINKS.trend)
  useEffect(() => {
    if (!mayRead) return
    let alive = true
    void adminHomeFigures().then((r) => alive && r.code === 200 && setFigures(r.result))
    return () => {
      alive = false
    }
  }, [mayRead])
  if (!figures) return null
  const has = (path: string) => routes.some((r) => r.path === path)
  const link = (key: keyof typeof LINKS) => (has(LINKS[key]) ? () => open(LINKS[key]) : undefined)
  const items = (['newEnrollmentsToday', 'pendingApprovals', 'unansweredChats', 'unreadFeedback'] as const).filter((k) => figures[k] !== null)
  const max = Math.max(1, ...figures.trend.map((d) => d.enrollments))
  return (
    <PlainCard title={t('adm.analysis.home.today', { day: figures.today })} data-testid="home-figures">
      <div className="adm-home__grid">
        {items.map((k) => (
          <div className="adm-home__cell adm-home__cell--figure" key={k}>
            <PlainCard size="small" hoverable={!!link(k)} onClick={link(k)} data-testid={`home-${k}`}>
              <Statistic title={t(`adm.analysis.home.${k}`)} value={figures[k] ?? 0} />
            </PlainCard>
          </div>
        ))}
        <div className="adm-home__cell adm-home__cell--trend">
          <PlainCard size="small" hoverable={!!link('trend')} onClick={link('trend')} data-testid="home-trend">
            <Text type="secondary">{t('adm.analysis.home.trend')}</Text>
            <div style={{ display: 'flex', alignItems: 'flex-end', gap: 6, height: 72, marginTop: 8 }}>
              {figures.trend.map((d) => (
                <div key={d.day} title={`${d.day}: ${d.enrollments}`} style={{ flex: 1, textAlign: 'center' }}>
                  <div style={{ fontSize: 10, color: '#555' }}>{d.enrollments}</div>
                  <div style={{ height: Math.max(2, Math.round((d.enrollments / max) * 40)), background: '#1677ff', borderRadius: 2 }} />
                  <div style={{ fontSize: 10, color: '#888' }}>{d.day.slice(8)}</div>
                </div>
              ))}
            </div>
          </PlainCard>
        </div>
      </div>
    </PlainCard>
  )
}

export default function HomeView({ routes, open, lang }: ViewProps) {
  const { t } = useTranslation()
  const user = getUserInfo()
  const roles: string[] = []
  if (user?.ouserId) roles.push(t('adm.homeView.organizer'))
  if (user?.auserId) roles.push(t('adm.homeView.operations'))
  if (user?.kefuId) roles.push(t('adm.homeView.kefu'))
  const views = routes.filter((r) => r.component && r.component !== 'home/index')
  return (
    <div className="adm-home">
      <TodayFigures routes={routes} open={open} />
      <PlainCard>
        <Title3 style={{ marginTop: 0 }}>
          {t('adm.homeView.welcome', { name: user?.nickName || user?.email || '' })}
        </Title3>
        <Paragraph type="secondary">{t('adm.homeView.intro')}</Paragraph>
        <div className="adm-home__roles">
          <Text>{t('adm.homeView.roles')}:</Text>
          {roles.map((r) => (
            <span className="adm-home__role" key={r}>
              {r}
            </span>
          ))}
          {user?.email ? <Text type="secondary">{user.email}</Text> : null}
        </div>
      </PlainCard>
      {views.length ? (
        <PlainCard title={t('adm.homeView.entries')}>
          <div className="adm-home__grid">
            {views.map((r) => {
              // "区域 › 视图" / "Area › View": the view's name, its area beneath (never the raw route)
              const parts = titleIn(r, lang).split(/\s*›\s*/)
              const name = parts[parts.length - 1]
              const area = parts.slice(0, -1).join(' › ')
              return (
                <div className="adm-home__cell adm-home__cell--entry" key={r.path}>
                  <PlainCard hoverable size="small" onClick={() => open(r.path)} data-testid={`home-entry${r.path.replace(/\//g, '-')}`}>
                    <Text strong>{name}</Text>
                    <br />
                    <Text type="secondary">{area || t('adm.homeView.entryHint')}</Text>
                  </PlainCard>
                </div>
              )
            })}
          </div>
        </PlainCard>
      ) : null}
    </div>
  )
}
