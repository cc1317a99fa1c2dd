/**
 * H5 variant of ./carousel.tsx: the slides sit side by side in a track moved with a CSS transform, turn
 * every `interval` ms (paused while a finger is on them), follow a swipe, and the dots pick a slide.
 * Taro's H5 Swiper would bring the whole swiper library (~35 KB gzip) into the home page's first load.
 */
import { useEffect, useRef, useState } from 'react'
import { View, type ITouchEvent } from '@tarojs/components'
import type { CarouselProps } from './carousel'
import './carousel.scss'

/** View's touch handlers are typed as plain events; on H5 they carry the touch lists */
function touchX(e: unknown, list: 'touches' | 'changedTouches'): number | undefined {
  return (e as ITouchEvent)[list]?.[0]?.clientX
}

export default function Carousel({ className, testid, interval, slides }: CarouselProps) {
  const [index, setIndex] = useState(0)
  const [touching, setTouching] = useState(false)
  const startX = useRef<number | null>(null)
  const n = slides.length
  const shown = n ? index % n : 0

  useEffect(() => {
    if (n < 2 || touching) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % n), interval)
    return () => clearInterval(timer)
  }, [n, interval, touching, shown])

  return (
    <View
      className={`hj-carousel ${className || ''}`}
      data-testid={testid}
      onTouchStart={(e) => {
        startX.current = touchX(e, 'touches') ?? null
        setTouching(true)
      }}
      onTouchEnd={(e) => {
        const from = startX.current
        const to = touchX(e, 'changedTouches')
        startX.current = null
        setTouching(false)
        if (from === null || to === undefined || Math.abs(to - from) < 40 || n < 2) return
        setIndex((shown + (to < from ? 1 : n - 1)) % n)
      }}
    >
      <View className='hj-carousel__track' style={{ transform: `translateX(-${shown * 100}%)` }}>
        {slides.map((s, i) => (
          <View key={s.key} className='hj-carousel__slide' aria-hidden={i !== shown}>
            {s.node}
          </View>
        ))}
      </View>
      {n > 1 && (
        <View className='hj-carousel__dots'>
          {slides.map((s, i) => (
            <View key={s.key} className={`hj-carousel__dot${i === shown ? ' is-active' : ''}`} onClick={() => setIndex(i)} />
          ))}
        </View>
      )}
    </View>
  )
}
