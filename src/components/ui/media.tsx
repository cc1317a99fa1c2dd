/** Pictures with a fallback: a cover (the title's first characters when missing), an organisation logo, tags. */
import { View, Text, Image } from '@tarojs/components'
import './ui.scss'

export function Cover({ src, title, className }: { src: string | null | undefined; title: string; className?: string }) {
  return src ? (
    <Image className={`hj-c-cover ${className || ''}`} src={src} mode='aspectFill' lazyLoad />
  ) : (
    <View className={`hj-c-cover hj-c-cover--empty ${className || ''}`}>
      <Text>{(title || '海交').slice(0, 2)}</Text>
    </View>
  )
}

/**
 * An organisation's logo, whole (object-fit: contain) in a 3 : 2 box on a light background: wide logos
 * keep a readable height instead of shrinking into a square.
 */
export function Logo({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  return src ? (
    <View className={`hj-c-logo hj-logo ${className || ''}`}>
      <Image className='hj-logo__img' src={src} mode='aspectFit' />
    </View>
  ) : (
    <View className={`hj-c-logo hj-c-logo--empty ${className || ''}`}>
      <Text>{(name || '海').slice(0, 1)}</Text>
    </View>
  )
}

export function Tags({ tags }: { tags: string[] | null | undefined }) {
  if (!tags || !tags.length) return null
  return (
    <View className='hj-c-tags'>
      {tags.map((tag) => (
        <Text key={tag} className='hj-c-tag'>
          {tag}
        </Text>
      ))}
    </View>
  )
}
