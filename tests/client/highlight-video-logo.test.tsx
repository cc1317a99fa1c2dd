/**
 * Cross-language and case-insensitive search highlighting,
 * the "video coming soon" state of a video without a file, and the logo box.
 */
import { render, screen, fireEvent, act } from '@testing-library/react'
import Highlight, { OtherLangMatch, excerptAround, otherLangMatch } from '../../src/components/activity/highlight'
import { SearchRow } from '../../src/pages/search/index'
import { Logo } from '../../src/components/ui/media'
import { VideoCard } from '../../src/components/video/video-card'
import { initI18n, setLang } from '../../src/shared/i18n'

// Taro's lazy-loading Image (covers) needs an IntersectionObserver, which jsdom lacks
;(globalThis as any).IntersectionObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeAll(() => initI18n())
beforeEach(() => act(() => setLang('zh')))

const topic = {
  id: 7,
  titleZh: '人工智能人才发展专题',
  titleEn: 'Careers in Artificial Intelligence',
  summaryZh: '大模型时代的人才需求、薪酬趋势与城市选择。',
  summaryEn: 'Talent demand, pay trends and city choices in the era of large AI models.',
  coverUrl: null,
  tagsZh: [],
  tagsEn: [],
  publishedAt: '2026-11-01T02:00:00.000Z',
  viewCount: 3,
}

test('a keyword is highlighted whatever its case', () => {
  render(<Highlight text='Careers in Artificial Intelligence' keywords='artificial' />)
  expect(screen.getAllByTestId('hl').map((e) => e.textContent)).toEqual(['Artificial'])
})

test('an English keyword in the Chinese UI shows the English text it matched, highlighted', () => {
  expect(otherLangMatch(topic, ['title', 'summary'], 'ai', 'zh')).toContain('large AI models.')
  render(<SearchRow module='topic' item={topic as any} lang='zh' keywords='ai' />)
  const row = screen.getByTestId('search-result')
  expect(row.textContent).toContain('人工智能人才发展专题')
  expect(screen.getByTestId('hl-alt').textContent).toContain('英文匹配')
  expect(screen.getAllByTestId('hl').map((e) => e.textContent)).toEqual(['AI'])
})

test('a Chinese keyword in the English UI shows the Chinese text it matched; no extra line when the shown text matched', () => {
  act(() => setLang('en'))
  const { unmount } = render(<SearchRow module='topic' item={topic as any} lang='en' keywords='人才' />)
  expect(screen.getByTestId('hl-alt').textContent).toContain('Matched in Chinese')
  expect(screen.getAllByTestId('hl').map((e) => e.textContent)).toEqual(['人才'])
  unmount()
  render(<SearchRow module='topic' item={topic as any} lang='en' keywords='CAREERS' />)
  expect(screen.queryByTestId('hl-alt')).toBeNull()
  expect(screen.getAllByTestId('hl').map((e) => e.textContent)).toEqual(['Careers'])
  expect(otherLangMatch(topic, ['title'], '', 'en')).toBeNull()
  render(<OtherLangMatch item={topic} fields={['title']} keywords='nothing' lang='en' />)
  expect(screen.queryByTestId('hl-alt')).toBeNull()
})

test('a long matched text is cut around the keyword', () => {
  const long = `${'x'.repeat(100)} keyword ${'y'.repeat(100)}`
  const cut = excerptAround(long, 'KEYWORD', 40)
  expect(cut).toContain('keyword')
  expect(cut.startsWith('…')).toBe(true)
  expect(cut.endsWith('…')).toBe(true)
  expect(cut.length).toBeLessThanOrEqual(42)
})

test('a video without a file shows its cover and "video coming soon", and no player', () => {
  act(() => setLang('en'))
  const item = { id: 1, titleZh: 'BP讲解', titleEn: 'BP talk', coverUrl: '/c.svg', videoUrl: '', category: 'bp' as const, durationSeconds: 300, publishedAt: '2026-11-01T00:00:00Z' }
  const { container, unmount } = render(<VideoCard item={item} lang='en' testid='v' />)
  expect(screen.getByTestId('v-coming').textContent).toContain('Video coming soon')
  expect(screen.queryByTestId('v-play')).toBeNull()
  expect(container.querySelector('video')).toBeNull()
  unmount()
  const real = { ...item, videoUrl: '/static/videos/haijiao-intro.webm' }
  render(<VideoCard item={real} lang='en' testid='w' />)
  expect(screen.queryByTestId('w-coming')).toBeNull()
  fireEvent.click(screen.getByTestId('w-play'))
  expect(screen.getByTestId('w').getAttribute('data-state')).toBe('playing')
})

test('a logo sits whole in its box', () => {
  const { container } = render(<Logo src='/static/posters/logo-x.svg' name='X' className='extra' />)
  const box = container.firstElementChild as HTMLElement
  expect(box.className).toContain('hj-logo')
  expect(box.className).toContain('extra')
  expect(box.querySelector('.hj-logo__img')).not.toBeNull()
})
