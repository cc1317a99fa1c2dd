/**
 * The list primitives on taro-ui (src/components/ui/list.tsx): what our wrappers add to AtTabs, AtTag and
 * AtLoadMore — the test ids, the tap on the wrapper, the key instead of an index, no call for the
 * current tab, no second page asked for while one is loading; AtList / AtListItem rows (ui/list-row.tsx):
 * the test ids, the tap on the row but not through its action; the keyword box on AtSearchBar
 * (ui/search-box.tsx): Enter and our button submit the box's value, focus and blur reach the caller, the
 * input is named by the placeholder — and that the taro-ui markup is there.
 */
import { render, screen, fireEvent, act } from '@testing-library/react'
import { Chip, Chips, ListMore, ListState, Tabs } from '../../src/components/ui/list'
import { LoadMore } from '../../src/components/activity/pagination'
import { Loading } from '../../src/components/ui/loading'
import { Tag } from '../../src/components/ui/tag'
import SearchBox from '../../src/components/ui/search-box'
import { useState } from 'react'
import CenterRow, { CenterList } from '../../src/components/center/row'
import { initI18n, setLang } from '../../src/shared/i18n'

beforeAll(() => initI18n())
beforeEach(() => act(() => setLang('zh')))

describe('Tabs (AtTabs)', () => {
  const tabs = [
    { key: 'project', label: '项目' },
    { key: 'resource', label: '资源' },
    { key: 'video', label: '视频' },
  ] as const
  test('each tab has its test id and the active one is marked; a tap gives the key, the current tab gives nothing', () => {
    const onChange = jest.fn()
    const { container } = render(<Tabs tabs={[...tabs]} value='resource' onChange={onChange} testid='rs' />)
    expect(screen.getByTestId('rs-tabs').querySelector('.at-tabs')).toBeTruthy()
    expect(screen.getByTestId('rs-tab-resource').className).toContain('is-active')
    expect(screen.getByTestId('rs-tab-project').className).not.toContain('is-active')
    expect(container.querySelector('.at-tabs__item--active')?.textContent).toBe('资源')
    fireEvent.click(screen.getByTestId('rs-tab-video'))
    expect(onChange).toHaveBeenCalledWith('video')
    fireEvent.click(screen.getByTestId('rs-tab-resource'))
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})

describe('Chips (AtTag)', () => {
  test('"all" first with the empty value; a tap on a chip picks it, on the picked one nothing', () => {
    const onChange = jest.fn()
    render(<Chips options={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]} value='a' onChange={onChange} testid='c' label='类型' />)
    expect(screen.getByTestId('c-all').textContent).toBe('全部')
    expect(screen.getByTestId('c-a').className).toContain('is-active')
    expect(screen.getByTestId('c-a').querySelector('.at-tag.at-tag--active')).toBeTruthy()
    expect(screen.getByTestId('c-b').querySelector('.at-tag.at-tag--active')).toBeNull()
    fireEvent.click(screen.getByTestId('c-a'))
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('c-all'))
    expect(onChange).toHaveBeenCalledWith('')
  })
  test('a single Chip takes the tap on its wrapper and on the tag inside it, once each', () => {
    const onPick = jest.fn()
    render(<Chip active={false} onPick={onPick} testid='one'>X</Chip>)
    fireEvent.click(screen.getByTestId('one'))
    fireEvent.click(screen.getByTestId('one').querySelector('.at-tag')!)
    expect(onPick).toHaveBeenCalledTimes(2)
  })
})

describe('Tag (AtTag)', () => {
  test('keeps the place\'s class and calls back without AtTag\'s arguments', () => {
    const onClick = jest.fn()
    render(<Tag className='hj-tag hj-tag--cat' onClick={onClick}>AI</Tag>)
    const tag = screen.getByText('AI')
    expect(tag.className).toContain('at-tag')
    expect(tag.className).toContain('hj-tag--cat')
    fireEvent.click(tag)
    expect(onClick).toHaveBeenCalledWith()
  })
})

describe('list states (AtActivityIndicator, AtLoadMore)', () => {
  const list = (over: Partial<{ items: unknown[] | null; loading: boolean; hasMore: boolean }>) => ({ items: [1], loading: false, hasMore: true, more: jest.fn(), ...over })
  test('loading shows the activity indicator with the text; empty shows our empty line', () => {
    const { rerender } = render(<ListState items={null} loading testid='l' />)
    expect(screen.getByTestId('l-loading').querySelector('.at-activity-indicator')?.textContent).toBe('加载中…')
    rerender(<ListState items={[]} loading={false} testid='l' />)
    expect(screen.getByTestId('l-empty')).toBeTruthy()
  })
  test('a loading line keeps its place\'s class and test id around the indicator', () => {
    render(<Loading className='hj-ct-note' text='加载中…' testid='x-loading' />)
    const line = screen.getByTestId('x-loading')
    expect(line.className).toContain('hj-ct-note')
    expect(line.querySelector('.at-activity-indicator .at-loading')).toBeTruthy()
    expect(line.textContent).toBe('加载中…')
  })
  test('"load more" is a tap target on the whole line, and asks nothing while a page is loading', () => {
    const l = list({})
    const { rerender } = render(<ListMore list={l} testid='m' />)
    expect(screen.getByTestId('m-more').querySelector('.at-load-more')).toBeTruthy()
    expect(screen.getByTestId('m-more').textContent).toBe('加载更多')
    fireEvent.click(screen.getByTestId('m-more'))
    expect(l.more).toHaveBeenCalledTimes(1)
    const busy = list({ loading: true })
    rerender(<ListMore list={busy} testid='m' />)
    expect(screen.getByTestId('m-more').querySelector('.at-activity-indicator')).toBeTruthy()
    fireEvent.click(screen.getByTestId('m-more'))
    expect(busy.more).not.toHaveBeenCalled()
    rerender(<ListMore list={list({ hasMore: false })} testid='m' />)
    expect(screen.getByTestId('m-no-more').textContent).toBe('没有更多了')
  })
  test('the activity list\'s LoadMore: English texts, the tap on the line', () => {
    act(() => setLang('en'))
    const onMore = jest.fn()
    const { rerender } = render(<LoadMore hasMore loading={false} onMore={onMore} />)
    expect(screen.getByTestId('load-more').textContent).toBe('Load more')
    fireEvent.click(screen.getByTestId('load-more'))
    expect(onMore).toHaveBeenCalledTimes(1)
    rerender(<LoadMore hasMore={false} loading={false} onMore={onMore} />)
    expect(screen.queryByTestId('load-more')).toBeNull()
    expect(document.body.textContent).toContain('No more')
  })
})

describe('centre rows (AtList / AtListItem)', () => {
  test('a row keeps its test ids, title, meta, badge and decorative picture; a tap opens it, a tap on its action does not', () => {
    const onClick = jest.fn()
    const onRemove = jest.fn()
    render(
      <CenterList>
        {[
          <CenterRow key='a' testid='r' cover='/uploads/a.png' title='海交活动' meta={['10月1日', null, '上海']} badge='已通过' badgeTone='ok' onClick={onClick} action={<span data-testid='r-remove' onClick={onRemove}>移除</span>} />,
          <CenterRow key='b' testid='r2' cover={null} title='无图活动' />,
        ]}
      </CenterList>,
    )
    const row = screen.getByTestId('r')
    expect(row.closest('.at-list.hj-ct-list')).toBeTruthy()
    expect(row.querySelector('.at-list__item')).toBeTruthy()
    expect(screen.getByTestId('r-title').textContent).toBe('海交活动')
    expect(row.querySelector('.item-content__info-note')?.textContent).toBe('10月1日 · 上海已通过')
    expect(row.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(screen.getByTestId('r2').querySelector('.hj-ct-row__initial')?.textContent).toBe('无图')
    fireEvent.click(screen.getByTestId('r-title'))
    expect(onClick).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByTestId('r-remove'))
    expect(onRemove).toHaveBeenCalledTimes(1)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
  test('no rows, no list', () => {
    const { container } = render(<CenterList>{[]}</CenterList>)
    expect(container.querySelector('.at-list')).toBeNull()
  })
})

describe('SearchBox (AtSearchBar)', () => {
  function Box(props: { onSubmit(v: string): void; onFocus?(): void; onBlur?(): void }) {
    const [value, setValue] = useState('')
    return <SearchBox value={value} onInput={setValue} placeholder='搜索活动、专题、政策' label='搜索' testid='kw' {...props} />
  }
  test('typing then Enter or the button submits the value; the input is named by the placeholder; focus and blur reach the caller', () => {
    const onSubmit = jest.fn()
    const onFocus = jest.fn()
    const onBlur = jest.fn()
    render(<Box onSubmit={onSubmit} onFocus={onFocus} onBlur={onBlur} />)
    const wrapper = screen.getByTestId('kw')
    expect(wrapper.querySelector('.at-search-bar')).toBeTruthy()
    const input = wrapper.querySelector('input')!
    expect(input.getAttribute('aria-label')).toBe('搜索活动、专题、政策')
    expect(wrapper.querySelector('.at-search-bar__placeholder')?.textContent).toBe('搜索活动、专题、政策')

    // real focus (not a synthetic event): AtSearchBar then sets its input's focus prop, which focuses it
    // again — a no-op on an input that already has focus, a second event on one that was only told it had
    act(() => input.focus())
    expect(onFocus).toHaveBeenCalledTimes(1)
    fireEvent.input(input, { target: { value: '人才' } })
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 })
    expect(onSubmit).toHaveBeenLastCalledWith('人才')
    fireEvent.input(input, { target: { value: 'AI' } })
    fireEvent.click(screen.getByTestId('kw-btn'))
    expect(onSubmit).toHaveBeenLastCalledWith('AI')
    expect(onSubmit).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('kw-btn').textContent).toBe('搜索')
    act(() => input.blur())
    expect(onBlur).toHaveBeenCalledTimes(1)
  })
})
