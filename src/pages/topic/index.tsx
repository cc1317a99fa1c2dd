import ComingSoon from '../../components/coming-soon'

/** /topic — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/topic' titleKey='page.topic' />
}
