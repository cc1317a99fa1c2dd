/**
 * What only the mini-program has: share cards (chat and Moments) and the native tab bar's labels.
 */
import Taro from '@tarojs/taro'
import { render } from '@testing-library/react'
import { shareTargets } from '../../src/shared/hooks/use-share'
import Layout from '../../src/components/layout'
import { initI18n, setLang } from '../../src/shared/i18n'

const T = Taro as any
// jest resolves the H5 twin (tab-bar.h5.ts) for a bare import: load the mini-program's file by its name
const { setTabBarTexts } = require('../../src/shared/platform/tab-bar.ts') as typeof import('../../src/shared/platform/tab-bar')

function asWeapp<R>(fn: () => R): R {
  const before = process.env.TARO_ENV
  process.env.TARO_ENV = 'weapp'
  try {
    return fn()
  } finally {
    process.env.TARO_ENV = before
  }
}

beforeAll(() => initI18n())
beforeEach(() => T.__reset())

describe('share cards', () => {
  test('a chat share opens the same page with its query (promoter code kept); Moments gets the query', () => {
    const card = asWeapp(() => shareTargets({ title: '北京创业大赛', path: '/activityDetail?id=3&promoter=AB12', imageUrl: '/uploads/2026/p.jpg' }))
    expect(card.appMessage).toEqual({ title: '北京创业大赛', path: '/pages/activity-detail/index?id=3&promoter=AB12', imageUrl: 'http://localhost:8080/uploads/2026/p.jpg' })
    expect(card.timeline).toEqual({ title: '北京创业大赛', query: 'id=3&promoter=AB12', imageUrl: 'http://localhost:8080/uploads/2026/p.jpg' })
  })

  test('an SVG picture is left out (WeChat cannot show it on a card): a chat share gets the 5 : 4 Haijiao card', () => {
    const card = asWeapp(() => shareTargets({ title: 'Haijiao', path: '/', imageUrl: '/static/posters/beijing.svg' }))
    expect(card.appMessage).toEqual({ title: 'Haijiao', path: '/pages/index/index', imageUrl: 'http://localhost:8080/static/share/haijiao-card.png' })
    expect(card.timeline).toEqual({ title: 'Haijiao', query: '' })
  })

  test('every framed page registers both share handlers, answering its own title and address', () => {
    setLang('en')
    window.history.replaceState({}, '', '/policyDetail?id=9')
    render(<Layout path='/policyDetail' title='Talent visa rules'>x</Layout>)
    const chat = T.useShareAppMessage.mock.calls.at(-1)[0]
    const moments = T.useShareTimeline.mock.calls.at(-1)[0]
    expect(chat()).toEqual({ title: 'Talent visa rules', path: '/pages/policy-detail/index?id=9', imageUrl: expect.stringMatching(/\/static\/share\/haijiao-card\.png$/) })
    expect(moments()).toEqual({ title: 'Talent visa rules', query: 'id=9' })
  })
})

describe('native tab bar', () => {
  test('labels are set item by item in the given order', () => {
    setTabBarTexts(['Home', 'Activities', 'Roadshows', 'Match', 'Me'])
    expect(T.setTabBarItem.mock.calls.map((c: any[]) => c[0])).toEqual([
      { index: 0, text: 'Home' },
      { index: 1, text: 'Activities' },
      { index: 2, text: 'Roadshows' },
      { index: 3, text: 'Match' },
      { index: 4, text: 'Me' },
    ])
  })
})
