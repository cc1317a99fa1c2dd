/**
 * The draw as a 3 × 3 grid: eight cells around the draw button, a light running round them. It starts
 * at once when the person presses the button (the answer is usually there before the first lap ends),
 * then slows down and stops on the cell of the server's result. Timers only, no DOM: the same on H5 and
 * in the mini-program.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { Img } from '../ui/media'
import './raffle.scss'

export interface GridCell {
  key: string
  label: string
  imageUrl: string | null
  /** null = a "no prize" cell */
  giftId: number | null
}

/** grid positions of the ring, clockwise from the top left; position 4 is the button */
const RING = [0, 1, 2, 5, 8, 7, 6, 3]
const MIN_STEPS = 16
const FAST_MS = 70

/** the eight cells: gifts by sequence (at most seven) and "no prize" cells between and after them */
export function gridCells(gifts: Array<{ id: number; label: string; imageUrl: string | null }>, noPrizeLabel: string): GridCell[] {
  const shown = gifts.slice(0, 7)
  const cells: GridCell[] = []
  let blanks = 8 - shown.length
  shown.forEach((g, i) => {
    cells.push({ key: `g${g.id}`, label: g.label, imageUrl: g.imageUrl, giftId: g.id })
    // spread the blanks so the prizes are not all on one side
    if (blanks > 0 && i % 2 === 1) {
      cells.push({ key: `n${cells.length}`, label: noPrizeLabel, imageUrl: null, giftId: null })
      blanks--
    }
  })
  while (blanks-- > 0) cells.push({ key: `n${cells.length}`, label: noPrizeLabel, imageUrl: null, giftId: null })
  return cells
}

/** the cell to land on for a result: the gift's cell, else a "no prize" one (any, chosen at random) */
export function landingCell(cells: GridCell[], giftId: number | null): number {
  const exact = cells.findIndex((c) => c.giftId === giftId && giftId !== null)
  if (exact >= 0) return exact
  const blanks = cells.map((c, i) => (c.giftId === null ? i : -1)).filter((i) => i >= 0)
  return blanks.length ? blanks[Math.floor(Math.random() * blanks.length)] : 0
}

export function useGridSpin(count: number, onStop: () => void) {
  const [active, setActive] = useState(-1)
  const [spinning, setSpinning] = useState(false)
  const s = useRef({ timer: null as ReturnType<typeof setTimeout> | null, pos: -1, steps: 0, target: -1, stopAt: -1 })
  const stopRef = useRef(onStop)
  stopRef.current = onStop

  useEffect(
    () => () => {
      if (s.current.timer) clearTimeout(s.current.timer)
    },
    [],
  )

  const tick = useCallback(() => {
    const st = s.current
    st.pos = (st.pos + 1) % count
    st.steps++
    setActive(st.pos)
    if (st.target >= 0 && st.stopAt < 0 && st.steps >= MIN_STEPS) st.stopAt = st.steps + ((st.target - st.pos + count) % count) + count
    if (st.stopAt >= 0 && st.steps >= st.stopAt) {
      st.timer = null
      setSpinning(false)
      stopRef.current()
      return
    }
    const left = st.stopAt >= 0 ? st.stopAt - st.steps : Infinity
    st.timer = setTimeout(tick, left < count ? FAST_MS + (count - left) * 40 : FAST_MS)
  }, [count])

  const start = useCallback(() => {
    const st = s.current
    if (st.timer) clearTimeout(st.timer)
    st.steps = 0
    st.target = -1
    st.stopAt = -1
    setSpinning(true)
    tick()
  }, [tick])

  /** where to stop (index into the cells) once the answer is known */
  const land = useCallback((index: number) => {
    s.current.target = index
  }, [])

  /** stop at once (an error answer): no highlight */
  const cancel = useCallback(() => {
    const st = s.current
    if (st.timer) clearTimeout(st.timer)
    st.timer = null
    setSpinning(false)
    setActive(-1)
  }, [])

  return { active, spinning, start, land, cancel }
}

export default function RaffleGrid({
  cells,
  active,
  button,
  buttonDisabled,
  onPress,
}: {
  cells: GridCell[]
  active: number
  button: string
  buttonDisabled: boolean
  onPress(): void
}) {
  return (
    <View className='hj-rf-grid' data-testid='raffle-grid'>
      {Array.from({ length: 9 }, (_, pos) => {
        if (pos === 4) {
          return (
            <View key='button' className={`hj-rf-cell hj-rf-cell--button${buttonDisabled ? ' is-disabled' : ''}`} onClick={() => !buttonDisabled && onPress()} data-testid='raffle-draw'>
              <Text className='hj-rf-cell__button'>{button}</Text>
            </View>
          )
        }
        const index = RING.indexOf(pos)
        const cell = cells[index]
        if (!cell) return <View key={`e${pos}`} className='hj-rf-cell' />
        return (
          <View key={cell.key} className={`hj-rf-cell${index === active ? ' is-active' : ''}${cell.giftId === null ? ' hj-rf-cell--blank' : ''}`} data-testid='raffle-cell' data-active={index === active ? '1' : '0'}>
            {cell.imageUrl ? <Img className='hj-rf-cell__img' src={cell.imageUrl} alt='' mode='aspectFit' /> : <Text className='hj-rf-cell__icon'>{cell.giftId === null ? '☺' : '★'}</Text>}
            <Text className='hj-rf-cell__label'>{cell.label}</Text>
          </View>
        )
      })}
    </View>
  )
}
