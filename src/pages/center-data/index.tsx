/**
 * /center/data — download my data. A button asks for a copy (one request a day: after one it is disabled
 * and says why, as is the server's 674 answer); the list of the last 30 days' requests shows each state
 * (preparing / ready until … / failed / expired) and, when ready, a Download action. H5 saves the zip
 * through the browser's downloads (bytes fetched with the Bearer token by the request client); the
 * mini-program, which cannot open a zip, saves it to disk on WeChat for Windows/Mac, sends it to a chat on
 * a phone, and always offers the web version's address (shared/platform/save-file).
 */
import { useCallback, useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import { Loading } from '../../components/ui/loading'
import { pressable, pressKeys } from '../../components/ui/pressable'
import LoginPrompt from '../../components/center/login-prompt'
import CenterSection from '../../components/center/section'
import { askedToday, exportStateView, fileSize } from '../../components/center/data-export'
import { useFreshUser } from '../../shared/hooks/use-fresh-user'
import { toast } from '../../shared/stores/toast-store'
import { go } from '../../shared/router/navigate'
import { formatDateTime } from '../../shared/format'
import { apiOrigin, isWeChatUA, isWeapp } from '../../shared/env'
import { userAgent } from '../../shared/platform/browser'
import { downloadDataExport, listDataExports, requestDataExport } from '../../shared/api/privacy'
import { fileSaveWays, saveDownloadedFile } from '../../shared/platform/save-file'
import { DATA_EXPORT_KEEP_DAYS, type DataExport } from '@contracts/privacy'
import { Codes } from '@contracts/error-codes'
import { isWechatPlaceholderEmail } from '@contracts/wechat'
import type { CurrentUser } from '@contracts/api'
import '../../components/center/center.scss'
import '../../components/center/privacy.scss'
// this part of the texts travels with the pages that use it (mini-program: not in the main package)
import '../../shared/i18n/sections/data-export'

/** the mini-program's way out for a zip: this page on the web (the server serves the H5 app) */
const webUrl = () => `${apiOrigin()}/center/data`

function WeappNote() {
  const { t } = useTranslation()
  const copy = () =>
    // the clipboard is a privacy API: WeChat asks for the privacy-guide agreement through our sheet first
    void Taro.setClipboardData({ data: webUrl() })
      .then(() => toast(t('dataExport.linkCopied')))
      .catch(() => undefined)
  return (
    <View className='hj-pv-callout' data-testid='data-weapp-note'>
      <Text className='hj-ct-text'>{t('dataExport.weappNote')}</Text>
      <Text className='hj-pv-link'>{t('dataExport.webLink', { url: webUrl() })}</Text>
      <View className='hj-ct-btn hj-ct-btn--ghost' data-testid='data-copy-link' onClick={copy}>
        {t('dataExport.copyLink')}
      </View>
    </View>
  )
}

function DataExports({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const [list, setList] = useState<DataExport[] | null>(null)
  const [failed, setFailed] = useState(false)
  // the server said 674 (a request made elsewhere today) even if the list does not show it yet
  const [limited, setLimited] = useState(false)
  const [busy, setBusy] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      const env = await listDataExports()
      if (env.code === 200) {
        setList(env.result || [])
        setFailed(false)
      } else {
        setFailed(true)
        setList((l) => l ?? [])
      }
    } catch {
      setFailed(true)
      setList((l) => l ?? [])
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  // a request being prepared: look again every 10 s while the page is open
  const preparing = !!list?.some((e) => e.state === 'pending')
  useEffect(() => {
    if (!preparing) return
    const timer = setInterval(() => void load(), 10_000)
    return () => clearInterval(timer)
  }, [preparing, load])

  const disabled = limited || askedToday(list)

  const ask = async () => {
    if (disabled || busy) return
    setBusy('request')
    try {
      const env = await requestDataExport()
      if (env.code === 200) {
        setMessage(t('dataExport.requested'))
        setList((l) => [env.result, ...(l || []).filter((e) => e.id !== env.result.id)])
      } else {
        if (env.code === Codes.DATA_EXPORT_DAILY_LIMIT) setLimited(true)
        setMessage(t(`request.${env.code}`, { defaultValue: env.message }))
      }
    } catch {
      setMessage(t('common.networkError'))
    } finally {
      setBusy(null)
    }
  }

  const download = async (e: DataExport) => {
    if (busy) return
    setBusy(`download-${e.id}`)
    try {
      const answer = await downloadDataExport(e.id)
      if (!answer.ok) {
        toast(t(`request.${answer.envelope.code}`, { defaultValue: answer.envelope.message }), { duration: 2500 })
        void load()
        return
      }
      const outcome = await saveDownloadedFile(answer)
      if (outcome === 'saved' && isWeapp()) toast(t('dataExport.saved'), { icon: 'success' })
      else if (outcome === 'shared') toast(t('dataExport.shared'), { icon: 'success' })
      else if (outcome === 'failed' || outcome === 'unsupported') toast(t('dataExport.failed'), { duration: 2500 })
    } catch {
      toast(t('common.networkError'))
    } finally {
      setBusy(null)
    }
  }

  const email = user.email && !isWechatPlaceholderEmail(user.email) ? user.email : t('wechat.noEmail')
  const ways = fileSaveWays()
  return (
    <View className='hj-ct-info' data-testid='data-page'>
      <CenterSection title={t('dataExport.title')} testid='data-intro'>
        <Text className='hj-ct-text'>{t('dataExport.intro')}</Text>
        <Text className='hj-ct-text'>{t('dataExport.how', { days: DATA_EXPORT_KEEP_DAYS })}</Text>
        <Text className='hj-ct-text'>
          {t('dataExport.notifyTo')}: <Text data-testid='data-email'>{email}</Text>
        </Text>
        <View
          className={`hj-ct-btn${disabled || busy === 'request' ? ' is-disabled' : ''}`}
          {...pressable()}
          {...pressKeys(() => void ask())}
          aria-disabled={disabled}
          data-testid='data-request'
          onClick={() => void ask()}
        >
          {t('dataExport.request')}
        </View>
        {(message || disabled) && (
          <Text className={`hj-pv-callout${disabled ? '' : ' hj-pv-callout--ok'}`} data-testid='data-message'>
            {disabled ? t('dataExport.limit') : message}
          </Text>
        )}
      </CenterSection>

      <CenterSection
        title={t('dataExport.listTitle')}
        testid='data-list'
        extra={
          <Text className='hj-ct-sec__action' data-testid='data-refresh' onClick={() => void load()}>
            {t('dataExport.refresh')}
          </Text>
        }
      >
        {list === null ? (
          <Loading className='hj-ct-note' text={t('common.loading')} />
        ) : list.length === 0 ? (
          <Text className='hj-ct-note' data-testid='data-list-empty'>
            {failed ? t('common.networkError') : t('dataExport.empty')}
          </Text>
        ) : (
          <View className='hj-pv-exports'>
            {list.map((e) => {
              const view = exportStateView(e)
              const size = view.downloadable ? fileSize(e.size) : ''
              return (
                <View key={e.id} className='hj-pv-export' data-testid={`data-export-${e.id}`}>
                  <View className='hj-pv-export__body'>
                    <Text className='hj-pv-export__date'>{t('dataExport.requestedAt', { date: formatDateTime(e.requestedAt) })}</Text>
                    <Text className={`hj-ct-badge hj-ct-badge--${view.tone}`} data-testid={`data-export-${e.id}-state`} data-state={e.state}>
                      {t(view.key, view.params)}
                      {size ? ` · ${size}` : ''}
                    </Text>
                  </View>
                  {view.downloadable && (
                    <View
                      className={`hj-ct-action${busy === `download-${e.id}` ? ' is-disabled' : ''}`}
                      {...pressable()}
                      {...pressKeys(() => void download(e))}
                      data-testid={`data-export-${e.id}-download`}
                      onClick={() => void download(e)}
                    >
                      {busy === `download-${e.id}` ? t('dataExport.downloading') : t('dataExport.download')}
                    </View>
                  )}
                </View>
              )
            })}
          </View>
        )}
        {isWeapp() && !ways.saveToDisk && <WeappNote />}
        {/* H5 inside WeChat (phone): its browser ignores a download link, the system browser saves it */}
        {!isWeapp() && isWeChatUA(userAgent()) && !/WindowsWechat|MacWechat/i.test(userAgent()) && (
          <Text className='hj-pv-callout' data-testid='data-wechat-browser'>
            {t('dataExport.wechatBrowser')}
          </Text>
        )}
      </CenterSection>

      <Text className='hj-ct-link hj-ct-back' data-testid='data-back' onClick={() => go('/center')}>
        ‹ {t('dataExport.back')}
      </Text>
    </View>
  )
}

export default function CenterDataPage() {
  const { t } = useTranslation()
  const { token, user } = useFreshUser()
  return (
    <Layout path='/center/data' titleKey='page.centerData'>
      {!token ? <LoginPrompt /> : !user ? <Loading className='hj-ct-note' text={t('common.loading')} /> : <DataExports key={user.id} user={user} />}
    </Layout>
  )
}
