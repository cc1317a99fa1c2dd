import ComingSoon from '../../components/coming-soon'

/** /sponsor — lands with its own issue; until then a bilingual "coming soon" inside the frame. */
export default function Page() {
  return <ComingSoon path='/sponsor' titleKey='page.sponsor' />
}
