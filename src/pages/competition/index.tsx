import ComingSoon from '../../components/coming-soon'

/** /competition — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/competition' titleKey='page.competition' />
}
