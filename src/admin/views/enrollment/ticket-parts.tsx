/**
 * The enrolment list's parts for tickets (contracts/ticket.ts): the check-in cell (time and who), the
 * cancellation line under the status (when, by whom, why), the organizer's cancel-with-reason dialog,
 * and the waiting-list drawer (queue order; offer a seat now, take someone off). Writes need the
 * enrolment list's button 'approve'; the server decides the activity's scope. Times read in the activity's
 * zone (`zone`, 'UTC+08:00'), not the browser's, like the activity's own times.
 */
import React, { useCallback, useEffect, useState } from 'react'
import { Button, Drawer, Empty, List, Popconfirm, Select, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AdminEnrollItem } from '@contracts/admin-enrollment'
import { CANCEL_REASON_MAX, type AdminWaitlistItem, type WaitlistState } from '@contracts/ticket'
import { listWaitlist, offerWaitlistSeat, removeFromWaitlist } from '../../api/checkin'
import { feedback } from '../../core/feedback'
import { formatTime } from '../common/format'
import { formatInZone, wallText } from '../activity/time'
import { TextModal } from './enroll-parts'

/** 'MM-DD HH:mm' in the activity's zone (the browser's when the zone is unknown) */
const shortTime = (iso: string, zone?: string | null) => (zone ? wallText(iso, zone)?.slice(5, 16) ?? '' : formatTime(iso).slice(5, 16))

export function CheckinCell({ item, zone }: { item: AdminEnrollItem; zone?: string | null }) {
  const { t } = useTranslation()
  if (!item.checkedInAt) {
    return (
      <Typography.Text type="secondary" data-testid="adm-enroll-checkin" data-checked="">
        {item.status === 'approved' ? t('adm.ticket.notCheckedIn') : '—'}
      </Typography.Text>
    )
  }
  return (
    <span data-testid="adm-enroll-checkin" data-checked="1">
      <Tag color="green">{t('adm.ticket.checkinCol')}</Tag>
      <div>
        <Typography.Text style={{ fontSize: 12 }}>{t('adm.ticket.checkedInAtBy', { time: shortTime(item.checkedInAt, zone), by: item.checkedInBy || '—' })}</Typography.Text>
      </div>
    </span>
  )
}

/** under the status tag of a cancelled enrolment */
export function CancelledLine({ item, zone }: { item: AdminEnrollItem; zone?: string | null }) {
  const { t } = useTranslation()
  if (item.status !== 'cancelled' || !item.cancelledAt) return null
  const by = !item.cancelledBy || item.cancelledBy === 'self' ? t('adm.ticket.cancelledBySelf') : item.cancelledBy
  return (
    <div data-testid="adm-enroll-cancelled">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('adm.ticket.cancelledAtBy', { time: shortTime(item.cancelledAt, zone), by })}
      </Typography.Text>
      {item.cancelReason && (
        <div>
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t('adm.ticket.cancelReasonShown', { reason: item.cancelReason })}
          </Typography.Text>
        </div>
      )}
    </div>
  )
}

/** an organizer cancels someone's enrolment: the reason is required and told to the person */
export function CancelModal({ item, onClose, cancel }: { item: AdminEnrollItem | null; onClose(): void; cancel(reason: string): Promise<{ code: number }> }) {
  const { t } = useTranslation()
  return (
    <TextModal
      open={!!item}
      title={t('adm.ticket.cancelTitle')}
      intro={item ? item.person.nickName || item.person.email : ''}
      initial=""
      max={CANCEL_REASON_MAX}
      placeholder={t('adm.ticket.cancelReason')}
      testId="adm-enroll-cancel"
      okDanger
      onClose={onClose}
      save={async (reason) => {
        if (!reason.trim()) {
          void feedback().warning(t('adm.ticket.cancelReasonRequired'))
          return { code: 301 }
        }
        return cancel(reason)
      }}
    />
  )
}

const STATES: WaitlistState[] = ['waiting', 'offered', 'confirmed', 'expired', 'removed', 'left']
const STATE_COLOR: Record<WaitlistState, string> = { waiting: 'blue', offered: 'orange', confirmed: 'green', expired: 'default', removed: 'default', left: 'default' }

/** the waiting list of one activity, in queue order */
export function WaitlistDrawer({ activityId, zone, open, canWrite, onClose, onChanged }: { activityId: number | null; zone?: string | null; open: boolean; canWrite: boolean; onClose(): void; onChanged(): void }) {
  const at = (iso: string) => (zone ? formatInZone(iso, zone) : formatTime(iso))
  const { t } = useTranslation()
  const [state, setState] = useState<WaitlistState | ''>('')
  const [items, setItems] = useState<AdminWaitlistItem[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  const [off, setOff] = useState(false)

  const load = useCallback(async () => {
    if (!activityId) return
    setLoading(true)
    try {
      const env = await listWaitlist({ activityId, page, pageSize: 20, ...(state ? { state } : {}) })
      if (env.code === 200) {
        setItems(env.result.list)
        setTotal(env.result.total)
        setOff(false)
      } else if (env.code === 662) setOff(true)
    } finally {
      setLoading(false)
    }
  }, [activityId, page, state])
  useEffect(() => {
    if (open) void load()
  }, [open, load])

  const act = async (call: () => Promise<{ code: number }>, done: string) => {
    const env = await call()
    if (env.code === 200) {
      void feedback().success(t(done))
      void load()
      onChanged()
    }
  }

  return (
    <Drawer open={open} onClose={onClose} title={t('adm.ticket.waitlist')} width={Math.min(520, typeof window === 'undefined' ? 520 : window.innerWidth)} destroyOnHidden data-testid="adm-waitlist">
      {off ? (
        <Empty description={t('adm.ticket.waitlistOff')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            style={{ width: 200 }}
            value={state}
            onChange={(v: WaitlistState | '') => {
              setState(v)
              setPage(1)
            }}
            options={[{ value: '', label: t('adm.ticket.waitlistState') }, ...STATES.map((s) => ({ value: s, label: t(`adm.ticket.state.${s}`) }))]}
            data-testid="adm-waitlist-state"
          />
          <List
            loading={loading}
            dataSource={items}
            locale={{ emptyText: t('adm.ticket.waitlistEmpty') }}
            pagination={total > 20 ? { current: page, pageSize: 20, total, size: 'small', onChange: setPage } : false}
            renderItem={(w) => (
              <List.Item
                data-testid="adm-waitlist-item"
                data-state={w.state}
                actions={
                  canWrite
                    ? [
                        w.state === 'waiting' && (
                          <Button key="offer" size="small" type="primary" onClick={() => void act(() => offerWaitlistSeat(w.id), 'adm.ticket.offerDone')} data-testid="adm-waitlist-offer">
                            {t('adm.ticket.offer')}
                          </Button>
                        ),
                        (w.state === 'waiting' || w.state === 'offered') && (
                          <Popconfirm key="remove" title={t('adm.ticket.removeConfirm')} onConfirm={() => void act(() => removeFromWaitlist(w.id), 'adm.ticket.removed')}>
                            <Button size="small" danger data-testid="adm-waitlist-remove">
                              {t('adm.ticket.remove')}
                            </Button>
                          </Popconfirm>
                        ),
                      ].filter(Boolean)
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space size={4} wrap>
                      {w.position ? <Tag>{t('adm.ticket.position', { n: w.position })}</Tag> : null}
                      <span>{w.name || w.email}</span>
                      <Tag color={STATE_COLOR[w.state]}>{t(`adm.ticket.state.${w.state}`)}</Tag>
                    </Space>
                  }
                  description={
                    <span>
                      {w.email}
                      <br />
                      {t('adm.ticket.joinedAt', { time: at(w.createdAt) })}
                      {w.state === 'offered' && w.offerExpiresAt ? ` · ${t('adm.ticket.offerExpires', { time: at(w.offerExpiresAt) })}` : ''}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </Space>
      )}
    </Drawer>
  )
}
