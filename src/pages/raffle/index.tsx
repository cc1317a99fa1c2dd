/**
 * /raffle?id= — a raffle (lucky draw): its name, window and activity, the gifts with what is left, the
 * caller's remaining draws and the animated grid. The server decides every draw; the grid only runs to
 * the cell of its answer. Visitors see the raffle and are asked to log in (and come back here) to draw.
 * Reached from the activity detail page or a shared link.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Loading } from '../../components/ui/loading'
import { View, Text } from '@tarojs/components'
import { Img } from '../../components/ui/media'
import { useTranslation } from 'react-i18next'
import Layout from '../../components/layout'
import RaffleGrid, { gridCells, landingCell, useGridSpin } from '../../components/raffle/raffle-grid'
import { rafflePhase, raffleWindow } from '../../components/raffle/raffle-time'
import { useLang } from '../../shared/hooks/use-lang'
import { useQueryId } from '../../shared/hooks/use-query-param'
import { useAuth } from '../../shared/stores/auth-store'
import { pickLang } from '../../shared/i18n'
import { go, goLogin } from '../../shared/router/navigate'
import { drawRaffle, getRaffle, newClientKey } from '../../shared/api/raffle'
import type { RaffleDrawResult, RaffleView } from '@contracts/raffle'
import '../../components/raffle/raffle.scss'
import '../../shared/i18n/sections/raffle'

export default function RafflePage() {
  const { t } = useTranslation()
  const lang = useLang()
  const id = useQueryId()
  const token = useAuth((s) => s.token)
  const [raffle, setRaffle] = useState<RaffleView | null>(null)
  const [failed, setFailed] = useState(false)
  const [error, setError] = useState('')
  const [result, setResult] = useState<RaffleDrawResult | null>(null)
  const [shown, setShown] = useState<RaffleDrawResult | null>(null)

  const load = useCallback(() => {
    if (!id) return
    getRaffle(id)
      .then((r) => {
        setRaffle(r)
        setFailed(false)
      })
      .catch(() => setFailed(true))
  }, [id])
  useEffect(() => load(), [load, token])

  const cells = useMemo(
    () => gridCells((raffle?.gifts ?? []).map((g) => ({ id: g.id, label: pickLang(g, 'name', lang), imageUrl: g.imageUrl })), t('raffle.noPrize')),
    [raffle?.gifts, lang, t],
  )
  const spin = useGridSpin(cells.length, () => {
    setShown(result)
    load()
  })

  const phase = raffle ? rafflePhase(raffle) : 'running'
  const me = raffle?.me ?? null
  const canDraw = !!raffle && phase === 'running' && !!me && me.eligible && me.remaining > 0 && !spin.spinning

  const press = async () => {
    if (!raffle) return
    if (!token) {
      void goLogin()
      return
    }
    setError('')
    setResult(null)
    spin.start()
    try {
      const env = await drawRaffle(raffle.id, newClientKey())
      if (env.code !== 200) {
        spin.cancel()
        setError(t(`request.${env.code}`, { defaultValue: env.message }))
        load()
        return
      }
      setResult(env.result)
      spin.land(landingCell(cells, env.result.gift?.id ?? null))
    } catch {
      spin.cancel()
      setError(t('common.networkError'))
    }
  }

  const buttonText = !token ? t('raffle.loginToDraw') : spin.spinning ? t('raffle.drawing') : t('raffle.draw')
  const status = !raffle
    ? ''
    : phase !== 'running'
      ? t(`raffle.phase.${phase}`)
      : !token
        ? t('raffle.loginHint')
        : me && !me.eligible
          ? t(raffle.eligibility === 'approved' ? 'raffle.needApproved' : 'raffle.needEnrolled')
          : me && me.remaining <= 0
            ? t('raffle.noneLeft')
            : ''

  return (
    <Layout path='/raffle' titleKey='raffle.title'>
      {!id || failed ? (
        <View className='hj-rf-card' data-testid='raffle-missing'>
          <Text className='hj-rf__note'>{t('raffle.missing')}</Text>
          <View className='hj-rf-btn hj-rf-btn--ghost' onClick={() => go('/activity')}>
            {t('raffle.toActivities')}
          </View>
        </View>
      ) : !raffle ? (
        <Loading className='hj-rf__note' text={t('common.loading')} />
      ) : (
        <View className='hj-rf' data-testid='raffle-page' data-id={raffle.id}>
          <View className='hj-rf__main'>
            <View className='hj-rf-card hj-rf-card--hero'>
              {raffle.images[0] && <Img className='hj-rf__banner' src={raffle.images[0]} alt='' mode='aspectFill' />}
              <Text className='hj-rf__badge' data-testid='raffle-phase'>
                {t(`raffle.phase.${phase}`)}
              </Text>
              <Text className='hj-rf__title' data-testid='raffle-name'>
                {pickLang(raffle, 'name', lang)}
              </Text>
              <Text className='hj-rf__meta'>
                {t('raffle.window')}: {raffleWindow(raffle)}
              </Text>
              {raffle.activityId && (
                <Text className='hj-rf__link' onClick={() => go(`/activityDetail?id=${raffle.activityId}`)} data-testid='raffle-activity'>
                  {pickLang(raffle, 'activityTitle', lang)} ›
                </Text>
              )}
            </View>
            <View className='hj-rf-card'>
              <RaffleGrid cells={cells} active={spin.active} button={buttonText} buttonDisabled={spin.spinning || (!!token && !canDraw)} onPress={() => void press()} />
              {me && (
                <Text className='hj-rf__count' data-testid='raffle-remaining' data-n={me.remaining}>
                  {t('raffle.remainingBefore')}
                  <Text className='hj-rf__count-n'>{me.remaining}</Text>
                </Text>
              )}
              {status && (
                <Text className='hj-rf__note' data-testid='raffle-status'>
                  {status}
                </Text>
              )}
              {!token && (
                <View className='hj-rf-btn' onClick={() => void goLogin()} data-testid='raffle-login'>
                  {t('raffle.login')}
                </View>
              )}
              {error && (
                <Text className='hj-rf__error' data-testid='raffle-error'>
                  {error}
                </Text>
              )}
              {me && me.prizes > 0 && (
                <Text className='hj-rf__link hj-rf__note' onClick={() => go('/center')} data-testid='raffle-my-prizes'>
                  {t('raffle.myPrizesHere', { n: me.prizes })} ›
                </Text>
              )}
            </View>
          </View>
          <View className='hj-rf__side'>
            <View className='hj-rf-card' data-testid='raffle-gifts'>
              <Text className='hj-rf__section'>{t('raffle.gifts')}</Text>
              {raffle.gifts.length === 0 && <Text className='hj-rf__note'>{t('common.empty')}</Text>}
              {raffle.gifts.map((g) => (
                <View key={g.id} className='hj-rf-gift' data-testid='raffle-gift'>
                  {g.imageUrl ? <Img className='hj-rf-gift__img' src={g.imageUrl} alt='' mode='aspectFit' /> : <View className='hj-rf-gift__img' />}
                  <View className='hj-rf-gift__body'>
                    <Text className='hj-rf-gift__name'>{pickLang(g, 'name', lang)}</Text>
                    <Text className='hj-rf-gift__left'>{g.remaining > 0 ? t('raffle.left', { n: g.remaining }) : t('raffle.goneOut')}</Text>
                  </View>
                </View>
              ))}
            </View>
            <View className='hj-rf-card'>
              <Text className='hj-rf__section'>{t('raffle.rules')}</Text>
              <Text className='hj-rf__note hj-rf__rule'>{t(`raffle.who.${raffle.eligibility}`)}</Text>
              <Text className='hj-rf__note hj-rf__rule'>{t('raffle.timesRule', { n: raffle.defaultTimes })}</Text>
              <Text className='hj-rf__note hj-rf__rule'>{t('raffle.fairRule')}</Text>
            </View>
          </View>
        </View>
      )}
      {shown && (
        <View className='hj-rf-mask' data-testid='raffle-result'>
          <View className='hj-rf-result'>
            {shown.gift?.imageUrl ? <Img className='hj-rf-result__img' src={shown.gift.imageUrl} alt='' mode='aspectFit' /> : <Text className='hj-rf-result__icon'>{shown.gift ? '★' : '☺'}</Text>}
            <Text className='hj-rf-result__title' data-testid='raffle-result-title' data-won={shown.gift ? '1' : '0'}>
              {shown.gift ? t('raffle.won', { gift: pickLang(shown.gift, 'name', lang) }) : t('raffle.lost')}
            </Text>
            <Text className='hj-rf-result__text'>{shown.gift ? t('raffle.wonHint') : t('raffle.lostHint')}</Text>
            <Text className='hj-rf-result__text' data-testid='raffle-result-remaining'>
              {t('raffle.remainingNow', { n: shown.remaining })}
            </Text>
            <View className='hj-rf-result__actions'>
              <View
                className='hj-rf-btn'
                data-testid='raffle-result-ok'
                onClick={() => setShown(null)}
              >
                {t('common.confirm')}
              </View>
            </View>
          </View>
        </View>
      )}
    </Layout>
  )
}
