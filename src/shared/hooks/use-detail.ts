import { useEffect, useRef, useState } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { useTranslation } from 'react-i18next'
import { pickLang } from '../i18n'
import { useLang } from './use-lang'
import { useQueryId } from './use-query-param'

export interface DetailState<T> {
  data: T | null
  loading: boolean
  /** not found or failed */
  missing: boolean
}

/** A detail read by id (or any single read), again whenever `key` changes; not `enabled` → missing. */
export function useDetail<T>(fetcher: () => Promise<T>, key: string | number = '', enabled = true): DetailState<T> {
  const [state, setState] = useState<DetailState<T>>({ data: null, loading: enabled, missing: !enabled })
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  useEffect(() => {
    if (!enabled) {
      setState({ data: null, loading: false, missing: true })
      return
    }
    let alive = true
    setState({ data: null, loading: true, missing: false })
    fetcherRef
      .current()
      .then((res) => {
        if (!alive) return
        setState({ data: res || null, loading: false, missing: !res })
      })
      .catch(() => alive && setState({ data: null, loading: false, missing: true }))
    return () => {
      alive = false
    }
  }, [enabled, key])
  return state
}

/**
 * Detail pages show their item's own title (in the current language) once loaded; the frame sets the
 * generic page title on show, so set ours after it, on load, on language change and on every show.
 */
export function useDetailTitle(title: string | null | undefined): void {
  const { t } = useTranslation()
  const full = title ? `${title} - ${t('app.name')}` : ''
  const ref = useRef(full)
  ref.current = full
  useEffect(() => {
    if (!full) return
    const id = setTimeout(() => void Taro.setNavigationBarTitle({ title: ref.current })?.catch?.(() => undefined), 0)
    return () => clearTimeout(id)
  }, [full])
  useDidShow(() => {
    if (!ref.current) return
    setTimeout(() => ref.current && void Taro.setNavigationBarTitle({ title: ref.current })?.catch?.(() => undefined), 0)
  })
}

/**
 * A detail page's item: read by the page's `id` query (none → missing), with its title (`titleField`,
 * e.g. 'name') in the current language.
 */
export function useQueryDetail<T extends Record<string, any>>(read: (id: number) => Promise<T>, titleField = 'title') {
  const lang = useLang()
  const id = useQueryId()
  const state = useDetail<T>(() => read(id), id, id > 0)
  const title = state.data ? pickLang(state.data, titleField, lang) : ''
  return { ...state, id, lang, title }
}
