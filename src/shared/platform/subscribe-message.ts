/**
 * Mini-program: WeChat subscribe messages are the only dependable push. At enrolment the form asks the
 * person to accept the templates the server uses (results, changes, reminders); each accept allows the
 * server one message of that template. WeChat requires `requestSubscribeMessage` to be called within the
 * tap itself, so the template ids are fetched when the form opens (`prepareSubscribe`) and the request
 * is made before the enrolment's own network call (`askSubscribe`); its answer is sent to the server
 * afterwards. Failures never block the enrolment. H5 has none of this (subscribe-message.h5.ts).
 */
import Taro from '@tarojs/taro'
import { wechatSubscribe, wechatTemplates } from '../api/notification'

let templateIds: string[] | null = null

/** when the enrolment form opens (logged in): the template ids to ask for */
export function prepareSubscribe(): void {
  if (templateIds) return
  void wechatTemplates()
    .then((env) => {
      if (env.code === 200) templateIds = env.result.templateIds
    })
    .catch(() => undefined)
}

/** inside the submit tap: asks for the templates, and records what was accepted (not awaited by the caller) */
export function askSubscribe(): Promise<void> {
  // WeChat takes at most 3 templates in one request
  const ids = (templateIds ?? []).slice(0, 3)
  if (!ids.length) return Promise.resolve()
  return Taro.requestSubscribeMessage({ tmplIds: ids } as Taro.requestSubscribeMessage.Option)
    .then(async (answer) => {
      const results: Record<string, string> = {}
      for (const id of ids) if (typeof (answer as Record<string, unknown>)[id] === 'string') results[id] = (answer as Record<string, string>)[id]
      if (Object.values(results).includes('accept')) await wechatSubscribe(results)
    })
    .catch(() => undefined)
}

/** tests: forget the fetched ids */
export function resetSubscribe(): void {
  templateIds = null
}
