/**
 * Server paths of pictures and files: unchanged on H5 (same origin as the server), absolute on the API
 * origin in the mini-program (where a bare path would resolve inside the package); rich text likewise.
 */
import { render } from '@testing-library/react'
import { absolutizeHtml, assetUrl } from '../../src/shared/api/asset-url'
import { Img } from '../../src/components/ui/media'

function asTarget<T>(env: 'h5' | 'weapp', fn: () => T): T {
  const before = process.env.TARO_ENV
  process.env.TARO_ENV = env
  try {
    return fn()
  } finally {
    process.env.TARO_ENV = before
  }
}

describe('assetUrl', () => {
  it('keeps server paths relative on H5', () => {
    asTarget('h5', () => {
      expect(assetUrl('/uploads/2026/a.png')).toBe('/uploads/2026/a.png')
      expect(assetUrl('/static/posters/x.svg')).toBe('/static/posters/x.svg')
    })
  })

  it('makes server paths absolute on the API origin in the mini-program', () => {
    asTarget('weapp', () => {
      expect(assetUrl('/uploads/2026/a.png')).toBe('http://localhost:8080/uploads/2026/a.png')
      expect(assetUrl('static/posters/x.svg')).toBe('http://localhost:8080/static/posters/x.svg')
    })
  })

  it('passes absolute, protocol-relative, data and empty sources through', () => {
    asTarget('weapp', () => {
      expect(assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
      expect(assetUrl('//cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
      expect(assetUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
      expect(assetUrl(null)).toBe('')
      expect(assetUrl(undefined)).toBe('')
    })
  })

  it('rewrites root paths inside rich text in the mini-program only', () => {
    const html = '<p><img src="/uploads/a.png"><a href="/policyDetail?id=1">x</a><img src="https://x.cn/b.png"><img src=\'//x.cn/c.png\'></p>'
    asTarget('h5', () => expect(absolutizeHtml(html)).toBe(html))
    asTarget('weapp', () =>
      expect(absolutizeHtml(html)).toBe(
        '<p><img src="http://localhost:8080/uploads/a.png"><a href="http://localhost:8080/policyDetail?id=1">x</a><img src="https://x.cn/b.png"><img src=\'//x.cn/c.png\'></p>',
      ),
    )
  })
})

describe('Img', () => {
  it('renders the resolved source with its alt text, and an empty alt for decoration', () => {
    const { container } = asTarget('h5', () =>
      render(
        <>
          <Img src='/uploads/a.png' alt='活动海报' testid='poster' />
          <Img src='/uploads/b.png' alt='' />
        </>,
      ),
    )
    const imgs = Array.from(container.querySelectorAll('img'))
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(['/uploads/a.png', '/uploads/b.png'])
    expect(imgs.map((i) => i.getAttribute('alt'))).toEqual(['活动海报', ''])
  })
})
