/**
 * 'activity/checkin/list' (/admin/activity/checkin?activityId=N): check-in at the door, made for a phone
 * (390 px) as much as a desk. Pick the activity (or come from the activity manager / enrolment list with
 * ?activityId=), then scan with the camera (@zxing/browser, loaded when the camera opens), type a code
 * or find a person by name, e-mail or phone.
 *
 * Every scan answers at once in a coloured banner with words, a sound and a vibration: checked in;
 * already checked in at HH:MM by whom; not valid for this activity; cancelled or rejected; not
 * confirmed; unknown. When the network is gone the scan is kept on this device ("saved, not yet sent")
 * and sent with its nonce when it returns; a ticket another device had already checked in comes back
 * flagged as a conflict. The counter (checked in / expected) follows the other scanners every few seconds.
 * Writes need the button 'checkin' (organizers: their own activities; operations: any — the server decides).
 */
import React, { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button, Card, Empty, Input, List, Popconfirm, Segmented, Select, Space, Switch, Tag, Typography } from 'antd'
import { CameraOutlined, CloudUploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { CHECKIN_BUTTON, type CheckinActivity, type CheckinCounter, type CheckinLogItem, type CheckinPerson, type CheckinResultKind, type CheckinScanResult } from '@contracts/ticket'
import { checkinCounter, listCheckinActivities, listCheckinLog, scanTicket, searchCheckin, undoCheckin, uploadScans } from '../../api/checkin'
import { usePermission } from '../../core/permission'
import { feedback } from '../../core/feedback'
import { pick } from '../common/bilingual'
import { formatTime } from '../common/format'
import { formatInZone } from '../activity/time'
import { activityIdFrom } from '../enrollment/enroll-rows'
import type { ViewProps } from '../view-props'
import { ScanQueue, cleanCode, deviceId, hhmm, isOffline, randomId, resultKey, toneOf, type QueuedScan, type ScanTone } from './scan-queue'
import { signal } from './scan-signal'
import './checkin.scss'

// the decoder's code comes with the camera, not with the view
const CameraScanner = lazy(() => import('./camera-scanner'))

/** the counter follows the other scanners this often */
export const COUNTER_POLL_MS = 4000
/** queued scans are retried this often while the browser says it is online */
export const FLUSH_RETRY_MS = 5000
const RECENT_MAX = 50

type Kind = CheckinResultKind | 'queued'

/** one line of this device's recent scans (newest first) */
export interface RecentScan {
  nonce: string
  code: string
  scannedAt: string
  kind: Kind
  result: Omit<CheckinScanResult, 'counter'> | null
  undone?: boolean
}

const storage = () => window.localStorage

function personLine(p: CheckinPerson | null | undefined): string {
  if (!p) return ''
  return [p.name, p.email].filter(Boolean).join(' · ')
}

export default function CheckinView({ lang }: ViewProps) {
  const { t } = useTranslation()
  const canWrite = usePermission(CHECKIN_BUTTON)
  const urlId = activityIdFrom(window.location.search)
  const [activityId, setActivityId] = useState<number | null>(urlId)
  const [activities, setActivities] = useState<CheckinActivity[]>([])
  const [counter, setCounter] = useState<CheckinCounter | null>(null)
  const [recent, setRecent] = useState<RecentScan[]>([])
  const [banner, setBanner] = useState<RecentScan | null>(null)
  const [code, setCode] = useState('')
  const [camera, setCamera] = useState(false)
  const [online, setOnline] = useState(() => navigator.onLine !== false)
  const [pending, setPending] = useState(0)
  const [tab, setTab] = useState<'recent' | 'find' | 'log'>('recent')
  const device = useMemo(() => deviceId(storage()), [])
  const queue = useMemo(() => (activityId ? new ScanQueue(storage(), activityId) : null), [activityId])
  const flushing = useRef(false)

  // ---- activity picker ----
  const searchActivities = useCallback((keyword = '') => {
    void listCheckinActivities({ pageSize: 30, ...(keyword ? { keyword } : {}) }).then((env) => env.code === 200 && setActivities(env.result.list))
  }, [])
  useEffect(() => searchActivities(), [searchActivities])
  const activity = activities.find((a) => a.id === activityId) ?? null
  const pickActivity = (id: number) => {
    setActivityId(id)
    setRecent([])
    setBanner(null)
    setCounter(null)
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?activityId=${id}`)
  }

  // ---- the counter, polled ----
  const loadCounter = useCallback(async () => {
    if (!activityId) return
    try {
      const env = await checkinCounter(activityId)
      if (env.code === 200 && env.result.activityId === activityId) setCounter(env.result)
    } catch {
      /* offline: the last figure stays, the queue line says why */
    }
  }, [activityId])
  useEffect(() => {
    void loadCounter()
    const timer = setInterval(() => void loadCounter(), COUNTER_POLL_MS)
    return () => clearInterval(timer)
  }, [loadCounter])

  // ---- answers ----
  const show = useCallback((scan: RecentScan, sound = true) => {
    setBanner(scan)
    setRecent((list) => [scan, ...list.filter((s) => s.nonce !== scan.nonce)].slice(0, RECENT_MAX))
    if (sound) signal(toneOf(scan.kind))
  }, [])

  // ---- the offline queue ----
  const flush = useCallback(async () => {
    if (!queue || !activityId || flushing.current || !navigator.onLine) return
    const batch = queue.next()
    if (!batch.length) return
    flushing.current = true
    try {
      const env = await uploadScans({ activityId, deviceId: device, scans: batch })
      if (env.code !== 200) return
      queue.remove(env.result.results.map((r) => r.nonce))
      setCounter(env.result.counter)
      const byNonce = new Map(env.result.results.map((r) => [r.nonce, r]))
      setRecent((list) =>
        list.map((s) => {
          const r = byNonce.get(s.nonce)
          return r ? { ...s, kind: r.kind, result: r } : s
        }),
      )
      const conflicts = env.result.results.filter((r) => r.conflict).length
      void feedback()[conflicts ? 'warning' : 'success'](t(conflicts ? 'adm.checkin.sentWithConflicts' : 'adm.checkin.sent', { n: env.result.results.length, conflicts }))
    } catch {
      /* still offline: kept for the next try */
    } finally {
      flushing.current = false
      setPending(queue.size)
    }
  }, [queue, activityId, device, t])

  useEffect(() => {
    setPending(queue?.size ?? 0)
    // scans kept from an earlier visit show as "saved, not yet sent" until they go
    if (queue) setRecent(queue.list().reverse().map((s) => ({ ...s, kind: 'queued' as const, result: null })))
    const up = () => {
      setOnline(true)
      void flush()
    }
    const down = () => setOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    const timer = setInterval(() => queue?.size && void flush(), FLUSH_RETRY_MS)
    void flush()
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
      clearInterval(timer)
    }
  }, [queue, flush])

  // ---- one scan ----
  const busy = useRef(false)
  const scan = useCallback(
    async (raw: string) => {
      const text = cleanCode(raw)
      if (!text || !activityId || !queue || busy.current) return
      busy.current = true
      const scanned: QueuedScan = { code: text, nonce: randomId(24), scannedAt: new Date().toISOString() }
      const keep = () => {
        queue.add(scanned)
        setPending(queue.size)
        show({ ...scanned, kind: 'queued', result: null })
      }
      try {
        if (!navigator.onLine) {
          keep()
          return
        }
        const env = await scanTicket({ activityId, code: text, nonce: scanned.nonce, scannedAt: scanned.scannedAt, deviceId: device })
        if (env.code === 200) {
          const { counter: c, ...result } = env.result
          setCounter(c)
          show({ ...scanned, kind: result.kind, result })
          // a queued scan waiting behind this one: the network is back
          if (queue.size) void flush()
        } else {
          // refused as a request (301 bad code shape, 302 activity out of scope, 402 no right): say it, keep nothing
          show({ ...scanned, kind: 'unknown', result: null })
          void feedback().error(env.message)
        }
      } catch (e) {
        if (isOffline(e, navigator.onLine)) keep()
      } finally {
        busy.current = false
      }
    },
    [activityId, queue, device, show, flush],
  )

  const submitTyped = () => {
    const v = code
    setCode('')
    void scan(v)
  }

  const undo = async (enrollmentId: number, nonce?: string) => {
    const env = await undoCheckin(enrollmentId)
    if (env.code !== 200) return false
    void feedback().success(t('adm.checkin.undone'))
    if (nonce) setRecent((list) => list.map((s) => (s.nonce === nonce ? { ...s, undone: true } : s)))
    setBanner((b) => (b && b.nonce === nonce ? { ...b, undone: true } : b))
    void loadCounter()
    return true
  }

  const zone = activity?.timeZone
  return (
    <Card className="adm-checkin" data-testid="checkin-view" size="small">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Select
          className="adm-checkin__picker"
          value={activityId ?? undefined}
          placeholder={t('adm.checkin.pick')}
          showSearch={{ filterOption: false, onSearch: (k: string) => searchActivities(k.trim()) }}
          options={activities.map((a) => ({ value: a.id, label: `${pick(lang, a.titleZh, a.titleEn)} · ${formatInZone(a.startTime, a.timeZone).slice(0, 16)}` }))}
          onChange={(id: number) => pickActivity(id)}
          data-testid="checkin-activity"
        />
        {!activityId ? (
          <Empty description={t('adm.checkin.pickHint')} />
        ) : (
          <>
            <div className="adm-checkin__counter" data-testid="checkin-counter" data-checked={counter?.checkedIn ?? ''} data-expected={counter?.expected ?? ''}>
              <span className="adm-checkin__counter-n">{counter ? `${counter.checkedIn} / ${counter.expected}` : '– / –'}</span>
              <span className="adm-checkin__counter-label">{t('adm.checkin.counter')}</span>
            </div>
            {(!online || pending > 0) && (
              <div className="adm-checkin__offline" data-testid="checkin-pending" data-count={pending}>
                <span>{online ? t('adm.checkin.pendingOnline', { n: pending }) : t('adm.checkin.offline', { n: pending })}</span>
                {online && pending > 0 && (
                  <Button size="small" icon={<CloudUploadOutlined />} onClick={() => void flush()} data-testid="checkin-flush">
                    {t('adm.checkin.sendNow')}
                  </Button>
                )}
              </div>
            )}
            <ResultBanner scan={banner} lang={lang} zone={zone} canUndo={canWrite} onUndo={(id, nonce) => void undo(id, nonce)} />
            {canWrite ? (
              <>
                <div className="adm-checkin__entry">
                  <Input
                    size="large"
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    onPressEnter={submitTyped}
                    placeholder={t('adm.checkin.codePlaceholder')}
                    autoCapitalize="characters"
                    autoComplete="off"
                    spellCheck={false}
                    aria-label={t('adm.checkin.codePlaceholder')}
                    data-testid="checkin-code"
                  />
                  <Button size="large" type="primary" onClick={submitTyped} disabled={!code.trim()} data-testid="checkin-submit">
                    {t('adm.checkin.submit')}
                  </Button>
                </div>
                <div className="adm-checkin__camera-row">
                  <Switch checked={camera} onChange={setCamera} checkedChildren={<CameraOutlined />} unCheckedChildren={<CameraOutlined />} data-testid="checkin-camera-toggle" />
                  <span>{t(camera ? 'adm.checkin.cameraOn' : 'adm.checkin.cameraOff')}</span>
                </div>
                {camera && (
                  <Suspense fallback={<div className="adm-checkin__camera" />}>
                    <CameraScanner onCode={(text) => void scan(text)} />
                  </Suspense>
                )}
              </>
            ) : (
              <Typography.Text type="secondary">{t('adm.checkin.readOnly')}</Typography.Text>
            )}
            <Segmented
              block
              value={tab}
              onChange={(v) => setTab(v as typeof tab)}
              options={[
                { value: 'recent', label: <span data-testid="checkin-tab-recent">{t('adm.checkin.tab.recent')}</span> },
                { value: 'find', label: <span data-testid="checkin-tab-find">{t('adm.checkin.tab.find')}</span> },
                { value: 'log', label: <span data-testid="checkin-tab-log">{t('adm.checkin.tab.log')}</span> },
              ]}
            />
            {tab === 'recent' && <RecentList list={recent} lang={lang} zone={zone} canUndo={canWrite} onUndo={(id, nonce) => void undo(id, nonce)} />}
            {tab === 'find' && <FindPerson activityId={activityId} zone={zone} canWrite={canWrite} onUndo={(id) => undo(id)} onCheckIn={(c) => scan(c)} />}
            {tab === 'log' && <CheckinLog activityId={activityId} zone={zone} />}
          </>
        )}
      </Space>
    </Card>
  )
}

/** the answer to the last scan: colour, headline, who, and undo */
function ResultBanner({ scan, lang, zone, canUndo, onUndo }: { scan: RecentScan | null; lang: 'zh' | 'en'; zone?: string; canUndo: boolean; onUndo(enrollmentId: number, nonce: string): void }) {
  const { t } = useTranslation()
  if (!scan) {
    return (
      <div className="adm-checkin__banner adm-checkin__banner--idle" role="status" aria-live="assertive" data-testid="checkin-result" data-kind="">
        {t('adm.checkin.ready')}
      </div>
    )
  }
  const tone: ScanTone = toneOf(scan.kind)
  const r = scan.result
  const person = r?.person ?? null
  return (
    <div className={`adm-checkin__banner adm-checkin__banner--${tone}`} role="status" aria-live="assertive" data-testid="checkin-result" data-kind={scan.kind} data-conflict={r?.conflict ? '1' : ''}>
      <div className="adm-checkin__banner-head" data-testid="checkin-result-title">
        {t(resultKey(scan.kind))}
        {scan.undone ? ` · ${t('adm.checkin.undoneTag')}` : ''}
      </div>
      <BannerDetail scan={scan} lang={lang} zone={zone} />
      {person && <div className="adm-checkin__banner-person" data-testid="checkin-result-person">{personLine(person)}</div>}
      {canUndo && scan.kind === 'checked_in' && person && !scan.undone && (
        <Popconfirm title={t('adm.checkin.undoConfirm')} onConfirm={() => onUndo(person.enrollmentId, scan.nonce)} okButtonProps={{ 'data-testid': 'checkin-undo-ok' } as React.ComponentProps<typeof Button>}>
          <Button size="small" className="adm-checkin__banner-undo" data-testid="checkin-undo">
            {t('adm.checkin.undo')}
          </Button>
        </Popconfirm>
      )}
    </div>
  )
}

/** times in the activity's zone (`zone`), not the device's */
function BannerDetail({ scan, lang, zone }: { scan: RecentScan; lang: 'zh' | 'en'; zone?: string }) {
  const { t } = useTranslation()
  const r = scan.result
  if (scan.kind === 'queued') return <div data-testid="checkin-result-detail">{t('adm.checkin.queuedDetail', { code: scan.code })}</div>
  if (!r) return null
  let text = ''
  if (r.kind === 'already') text = r.by ? t('adm.checkin.alreadyAtBy', { time: hhmm(r.at, zone), by: r.by }) : t('adm.checkin.alreadyAt', { time: hhmm(r.at, zone) })
  else if (r.kind === 'checked_in') text = t('adm.checkin.checkedInAt', { time: hhmm(r.person?.checkedInAt ?? scan.scannedAt, zone) })
  else if (r.kind === 'wrong_activity') text = r.ticketActivity ? t('adm.checkin.otherActivity', { title: pick(lang, r.ticketActivity.titleZh, r.ticketActivity.titleEn) }) : t('adm.checkin.otherActivityUnknown')
  else if (r.kind === 'cancelled_or_rejected') text = r.person ? t(`adm.checkin.statusNow.${r.person.status}`) : ''
  else if (r.kind === 'unknown') text = t('adm.checkin.unknownDetail', { code: scan.code })
  else if (r.kind === 'not_confirmed') text = t('adm.checkin.notConfirmedDetail')
  return (
    <div data-testid="checkin-result-detail">
      {text}
      {r.conflict && (
        <Tag color="magenta" className="adm-checkin__conflict" data-testid="checkin-conflict">
          {t('adm.checkin.conflict')}
        </Tag>
      )}
    </div>
  )
}

/** this device's scans, newest first; queued ones say so, conflicts are flagged */
function RecentList({ list, lang, zone, canUndo, onUndo }: { list: RecentScan[]; lang: 'zh' | 'en'; zone?: string; canUndo: boolean; onUndo(enrollmentId: number, nonce: string): void }) {
  const { t } = useTranslation()
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adm.checkin.noScans')} />
  return (
    <List
      size="small"
      dataSource={list}
      data-testid="checkin-recent"
      renderItem={(s) => {
        const tone = toneOf(s.kind)
        const person = s.result?.person
        return (
          <List.Item
            className={`adm-checkin__row adm-checkin__row--${tone}`}
            data-testid="checkin-recent-item"
            data-kind={s.kind}
            data-conflict={s.result?.conflict ? '1' : ''}
            actions={
              canUndo && s.kind === 'checked_in' && person && !s.undone
                ? [
                    <Popconfirm key="undo" title={t('adm.checkin.undoConfirm')} onConfirm={() => onUndo(person.enrollmentId, s.nonce)}>
                      <Button size="small" type="link" data-testid="checkin-recent-undo">
                        {t('adm.checkin.undo')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space size={4} wrap>
                  <Tag color={{ ok: 'green', warn: 'orange', bad: 'red', queued: 'blue' }[tone]}>{t(resultKey(s.kind))}</Tag>
                  {s.result?.conflict && <Tag color="magenta">{t('adm.checkin.conflict')}</Tag>}
                  {s.undone && <Tag>{t('adm.checkin.undoneTag')}</Tag>}
                </Space>
              }
              description={
                <span>
                  {hhmm(s.scannedAt, zone)} · {person ? personLine(person) : s.code}
                  {s.result?.kind === 'already' && s.result.at ? ` · ${s.result.by ? t('adm.checkin.alreadyAtBy', { time: hhmm(s.result.at, zone), by: s.result.by }) : t('adm.checkin.alreadyAt', { time: hhmm(s.result.at, zone) })}` : ''}
                  {s.result?.kind === 'wrong_activity' && s.result.ticketActivity ? ` · ${pick(lang, s.result.ticketActivity.titleZh, s.result.ticketActivity.titleEn)}` : ''}
                </span>
              }
            />
          </List.Item>
        )
      }}
    />
  )
}

/** find someone by name, e-mail or phone: their status, check-in time and who; check them in (the list reads again after), undo */
function FindPerson({ activityId, zone, canWrite, onUndo, onCheckIn }: { activityId: number; zone?: string; canWrite: boolean; onUndo(enrollmentId: number): Promise<boolean>; onCheckIn(code: string): Promise<void> }) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const [found, setFound] = useState<CheckinPerson[] | null>(null)
  const [loading, setLoading] = useState(false)
  // only the latest search's answer is shown: a list read again after a check-in can answer after the
  // next search was sent, and must not put the earlier person back; reading again reads the last search
  const latest = useRef({ seq: 0, keyword: '' })
  const search = async (k?: string) => {
    const kw = (k ?? latest.current.keyword).trim()
    if (!kw) return
    const seq = ++latest.current.seq
    latest.current.keyword = kw
    setLoading(true)
    try {
      const env = await searchCheckin(activityId, kw)
      if (seq === latest.current.seq) setFound(env.code === 200 ? env.result : [])
    } catch {
      if (seq === latest.current.seq) setFound([])
    } finally {
      if (seq === latest.current.seq) setLoading(false)
    }
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => void search(v)}
        loading={loading}
        allowClear
        enterButton
        placeholder={t('adm.checkin.findPlaceholder')}
        data-testid="checkin-search"
      />
      {found && (
        <List
          size="small"
          dataSource={found}
          locale={{ emptyText: t('adm.checkin.findNone') }}
          data-testid="checkin-found"
          renderItem={(p) => (
            <List.Item
              data-testid="checkin-person"
              data-checked={p.checkedInAt ? '1' : ''}
              actions={[
                canWrite && p.checkedInAt ? (
                  <Popconfirm key="undo" title={t('adm.checkin.undoConfirm')} onConfirm={async () => (await onUndo(p.enrollmentId)) && void search()}>
                    <Button size="small" type="link" data-testid="checkin-person-undo">
                      {t('adm.checkin.undo')}
                    </Button>
                  </Popconfirm>
                ) : canWrite && p.code && p.status === 'approved' ? (
                  <Button key="in" size="small" type="primary" onClick={() => void onCheckIn(p.code!).then(() => search())} data-testid="checkin-person-in">
                    {t('adm.checkin.submit')}
                  </Button>
                ) : null,
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <span>{p.name || p.email}</span>
                    <Tag color={p.status === 'approved' ? 'green' : p.status === 'pending' ? 'gold' : 'red'}>{t(`adm.enrollment.status.${p.status}`)}</Tag>
                  </Space>
                }
                description={
                  <span>
                    {[p.email, p.phone].filter(Boolean).join(' · ')}
                    <br />
                    {p.checkedInAt ? t('adm.checkin.checkedInAtBy', { time: hhmm(p.checkedInAt, zone), by: p.checkedInBy || '—' }) : t('adm.checkin.notYet')}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Space>
  )
}

/** the server's log of every device's scans (conflicts only, on demand) */
function CheckinLog({ activityId, zone }: { activityId: number; zone: string | undefined }) {
  const { t } = useTranslation()
  const [conflictOnly, setConflictOnly] = useState(false)
  const [items, setItems] = useState<CheckinLogItem[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    let alive = true
    setLoading(true)
    listCheckinLog({ activityId, page, pageSize: 20, ...(conflictOnly ? { conflict: true } : {}) })
      .then((env) => {
        if (alive && env.code === 200) {
          setItems(env.result.list)
          setTotal(env.result.total)
        }
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false))
    return () => {
      alive = false
    }
  }, [activityId, page, conflictOnly])
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Switch size="small" checked={conflictOnly} onChange={(v) => { setConflictOnly(v); setPage(1) }} data-testid="checkin-log-conflicts" />
        <span>{t('adm.checkin.conflictsOnly')}</span>
      </Space>
      <List
        size="small"
        loading={loading}
        dataSource={items}
        data-testid="checkin-log"
        pagination={total > 20 ? { current: page, pageSize: 20, total, size: 'small', onChange: setPage } : false}
        renderItem={(l) => (
          <List.Item data-testid="checkin-log-item" data-kind={l.kind} data-conflict={l.conflict ? '1' : ''}>
            <List.Item.Meta
              title={
                <Space size={4} wrap>
                  <Tag color={l.action === 'undo' ? 'default' : { ok: 'green', warn: 'orange', bad: 'red', queued: 'blue' }[toneOf(l.kind)]}>
                    {l.action === 'undo' ? t('adm.checkin.undoneTag') : t(resultKey(l.kind))}
                  </Tag>
                  {l.conflict && <Tag color="magenta">{t('adm.checkin.conflict')}</Tag>}
                  <span>{l.personName || l.code}</span>
                </Space>
              }
              description={
                <span>
                  {zone ? formatInZone(l.scannedAt, zone) : formatTime(l.scannedAt)} · {l.staffName} · {t('adm.checkin.device', { id: l.deviceId.slice(0, 6) })}
                  {l.reason ? ` · ${l.reason}` : ''}
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Space>
  )
}
