/**
 * Slides that turn by themselves (the home banners). Mini-program: the native swiper. H5 has its own
 * variant (./carousel.h5.tsx) that does the same with a CSS transform, without the swiper library.
 */
import type { ReactNode } from 'react'
import { Swiper, SwiperItem } from '@tarojs/components'

export interface CarouselProps {
  className?: string
  testid?: string
  /** ms between two slides */
  interval: number
  slides: Array<{ key: string | number; node: ReactNode }>
}

export default function Carousel({ className, testid, interval, slides }: CarouselProps) {
  const many = slides.length > 1
  return (
    <Swiper className={className} indicatorDots={many} autoplay={many} circular interval={interval} indicatorActiveColor='#d7000f' data-testid={testid}>
      {slides.map((s) => (
        <SwiperItem key={s.key}>{s.node}</SwiperItem>
      ))}
    </Swiper>
  )
}
