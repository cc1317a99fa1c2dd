/**
 * Web: Taro's page mount (Current.app.mount, a forceUpdate of its app wrapper) runs inside a React
 * transition, so a page's first render is sliced instead of one long task; the app Taro assigns after
 * the wrapper is installed is the one wrapped.
 */
import * as React from 'react'
import { Current } from '@tarojs/runtime'
import { mountPagesAsTransitions } from '../../src/shared/platform/page-mount.h5'

jest.mock('react', () => {
  const actual = jest.requireActual('react')
  return { ...actual, startTransition: jest.fn((fn: () => void) => actual.startTransition(fn)) }
})

describe('page mounts as transitions (web)', () => {
  it('wraps the mount of the app Taro assigns later, once, and keeps its arguments and callback', () => {
    const current = Current as unknown as { app: unknown }
    current.app = null
    mountPagesAsTransitions()
    const calls: unknown[][] = []
    const app = {
      mount(component: unknown, id: string, cb: () => void) {
        calls.push([this, component, id])
        cb()
      },
      unmount: jest.fn(),
    }
    current.app = app
    expect(current.app).toBe(app)
    // the page element Taro's callback looks for, as the committed render leaves it
    for (const id of ['/pages/index/index', '/pages/activity/index']) {
      const el = document.createElement('div')
      el.id = id
      document.body.appendChild(el)
    }
    const done = jest.fn()
    ;(current.app as typeof app).mount('Page', '/pages/index/index', done)
    expect(React.startTransition).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([[app, 'Page', '/pages/index/index']])
    expect(done).toHaveBeenCalledTimes(1)
    // assigned again (Taro reassigns its app in some paths): not wrapped twice
    current.app = app
    ;(current.app as typeof app).mount('Page', '/pages/activity/index', done)
    expect(React.startTransition).toHaveBeenCalledTimes(2)
    expect(calls).toHaveLength(2)
  })

  it("does not start a page unmounted before its transition committed (Taro's callback would throw in the commit)", () => {
    const current = Current as unknown as { app: unknown }
    current.app = null
    mountPagesAsTransitions()
    const app = { mount: (_c: unknown, _id: string, cb: () => void) => cb(), unmount: jest.fn() }
    current.app = app
    const start = jest.fn(() => {
      throw new Error('没有找到页面实例。')
    })
    expect(() => (current.app as typeof app).mount('Page', '/pages/activity-detail/index?id=1&code=X', start)).not.toThrow()
    expect(start).not.toHaveBeenCalled()
  })

  it('leaves an app without a mount alone', () => {
    const current = Current as unknown as { app: unknown }
    const plain = { render: jest.fn() }
    current.app = plain
    expect(current.app).toBe(plain)
    expect('mount' in plain).toBe(false)
  })
})
