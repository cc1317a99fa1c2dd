import ComingSoon from '../../components/coming-soon'

/** /roadshow — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/roadshow' titleKey='page.roadshow' />
}
