import { useRouter } from '@tarojs/taro'

/** Query parameter of the current page (decoded). */
export function useQueryParam(name: string): string {
  const router = useRouter()
  const raw = (router && router.params && router.params[name]) || ''
  try {
    return decodeURIComponent(String(raw))
  } catch {
    return String(raw)
  }
}

/** Numeric `id` from the query, or 0. */
export function useQueryId(): number {
  const id = Number(useQueryParam('id'))
  return Number.isFinite(id) && id > 0 ? Math.floor(id) : 0
}
